/** Shapes of the application functions of the `api` schema this feature reads, derived from the generated types. */
import type { ApiRow, Refine } from '@/types/api-contract';
import type { ApplicationStatus } from '@/types/api';

/**
 * One row of api.campaign_applications(campaign_id): an application with its creator; `creator` is the
 * jsonb_build_object of that function (20250101001300_api_applications_and_deliverables.sql).
 */
export type CampaignApplication = Refine<
  ApiRow<'campaign_applications'>,
  {
    status: ApplicationStatus | (string & {});
    creator: { id: string; full_name: string; username: string; avatar_url: string | null };
  }
>;
