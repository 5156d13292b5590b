import type { LicenceTerms } from '@contract/licence';
import type { CampaignContentType } from '@contract/campaign-content-types';
/**
 * Shapes shared by several features, derived from the generated database types (see ./api-contract.ts for
 * the helpers and why refinements exist). Each name matches the SQL function it describes; money is always
 * integer cents.
 */
import type { Role } from '@/config/paths';
import type { ApiArgs, ApiComposite, ApiRow, Nullable, Refine, Simplify } from './api-contract';

/** The check constraints of app.campaigns and app.applications (supabase/schemas/campaigns.sql, supabase/schemas/applications.sql). */
export type ContentType = CampaignContentType;
export type Platform = 'tiktok' | 'instagram' | 'youtube' | 'facebook' | 'twitter';
export type CompensationType = 'flat_fee' | 'product' | 'performance';
export type CampaignStatus = 'draft' | 'active' | 'paused' | 'completed';
/** 'canceled': the brand canceled the hire (issue 16). */
export type ApplicationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

/** The checked text columns every campaign row carries, narrowed to their unions. */
export type CampaignKinds = { content_type: ContentType; compensation_type: CompensationType; status: CampaignStatus };

/** api.current_profile(): the signed-in user's row (bio and avatar are optional columns). */
export type Profile = Refine<Nullable<ApiRow<'current_profile'>, 'bio' | 'avatar_url'>, { role: Role | (string & {}) }>;

/** api.creator_dashboard(); rating is the average review score, null until the creator has a review. */
export type CreatorDashboard = Nullable<ApiComposite<'creator_dashboard_stats'>, 'rating'>;

/** api.brand_dashboard() */
export type BrandDashboard = ApiComposite<'brand_dashboard_stats'>;

/** One row of api.browse_campaigns(...) (the `campaign_card` composite). */
export type CampaignListItem = Refine<ApiComposite<'campaign_card'>, CampaignKinds>;

/** One row of api.public_campaigns(...): an active campaign as a visitor sees it (no applicant data). */
export type PublicCampaign = Refine<ApiRow<'public_campaigns'>, Pick<CampaignKinds, 'content_type' | 'compensation_type'>>;

/** api.public_campaign(id): the list's columns and the requirements (null when there are none). */
export type PublicCampaignDetail = Refine<
  Nullable<ApiRow<'public_campaign'>, 'requirements'>,
  Pick<CampaignKinds, 'content_type' | 'compensation_type'> & { usage_rights: LicenceTerms | null }
>;

/** Arguments of api.browse_campaigns; the (created_at, id) pair is the keyset cursor. Null means "no filter". */
export type BrowseCampaignsArgs = Simplify<
  { [K in keyof ApiArgs<'browse_campaigns'>]?: ApiArgs<'browse_campaigns'>[K] | null } & {
    content_type?: ContentType | null;
    platform?: Platform | null;
    page_size?: number;
  }
>;

/** A creator's job: applied, active (hired and not finished), completed (paid for) or closed (ended without pay). */
export type JobState = 'applied' | 'active' | 'completed' | 'closed';

/** One row of api.my_applications(); `campaign` is the jsonb_build_object of that function (supabase/schemas/api/applications.sql). */
export type MyApplication = Refine<
  ApiRow<'my_applications'>,
  {
    status: ApplicationStatus;
    /** app.job_state: the one rule behind the creator dashboard's counts (supabase/schemas/applications.sql). */
    job_state: JobState;
    campaign: {
      id: string;
      title: string;
      compensation_cents: number;
      compensation_type: CompensationType;
      deadline: string;
      status: CampaignStatus;
      content_type: ContentType;
      brand_id: string;
    };
  }
>;
