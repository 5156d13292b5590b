/** Shapes of the application functions of the `api` schema this feature reads, derived from the generated types. */
import type { ApiRow, Refine } from '@/types/api-contract';
import type { ApplicationStatus, MyApplication } from '@/types/api';
import type { Hire } from '@contract/hire';

/** app.applications.status: a hire the brand canceled leaves its application 'canceled'. */
export type ApplicationState = ApplicationStatus;

/**
 * One row of api.campaign_applications(campaign_id): an application with its creator; `creator` is the
 * jsonb_build_object of that function (supabase/schemas/api/applications.sql), `hire` the
 * parsed app.hire_json (null when no funding is involved), `cancel_reason` the brand's reason.
 */
export type CampaignApplication = Refine<
  ApiRow<'campaign_applications'>,
  {
    status: ApplicationState | (string & {});
    creator: {
      id: string;
      full_name: string;
      username: string;
      avatar_url: string | null;
      /** The total audience the creator typed (self-reported). */
      followers: number;
      /** app.verified_reach: the followers of the creator's connected accounts (0 without one); decision 0054. */
      verified_reach: number | string;
      /** The connected accounts (platform, handle, profile_url, followers, followers_as_of, status). */
      social_accounts: unknown;
      niche: string | null;
      /** The average of the creator's published reviews (one decimal), null while there is none. */
      rating: number | null;
      review_count: number;
    };
    /** app.job_state (decision 0032): applied | active | completed | closed. */
    job_state: 'applied' | 'active' | 'completed' | 'closed' | (string & {});
    cancel_reason: string | null;
    hire: Hire | null;
  }
>;

/** One row of api.my_applications(), its hire parsed. */
export type MyApplicationRow = Refine<MyApplication, { status: ApplicationState | (string & {}); cancel_reason: string | null; hire: Hire | null }>;
