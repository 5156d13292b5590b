import type { LicenceTerms } from '@contract/licence';
/**
 * Shapes of the campaign functions of the `api` schema this feature reads, derived from the generated
 * database types (see types/api-contract.ts). Money is integer cents.
 */
import type { ApiArgs, ApiComposite, Nullable, Refine } from '@/types/api-contract';
import type { ApplicationStatus, CampaignKinds, CampaignStatus } from '@/types/api';

/** The brand as api.campaign_detail embeds it: the `brand` jsonb_build_object of api.campaign_detail in supabase/schemas/api/campaigns.sql. */
export interface CampaignBrand {
  id: string;
  company_name: string;
  full_name: string;
  username: string;
  avatar_url: string | null;
  logo_url: string | null;
  website: string | null;
  industry: string | null;
  /** The brand's average published rating (one decimal), null until it has a review; `review_count` the reviews counted. */
  rating: number | null;
  review_count: number;
}

/** The caller's own application as api.campaign_detail embeds it (`my_application` jsonb, null when there is none). */
export interface OwnApplication {
  id: string;
  status: ApplicationStatus;
  pitch: string;
  created_at: string;
}

/** Campaign columns that may be empty in app.campaigns. */
type OptionalColumns = 'deadline' | 'requirements';

/** One row of api.campaign_detail(campaign_id). */
export type CampaignDetail = Refine<
  Nullable<ApiComposite<'campaign_detail'>, OptionalColumns>,
  Omit<CampaignKinds, 'status'> & { status: CampaignStatus | (string & {}); brand: CampaignBrand; my_application: OwnApplication | null; usage_rights: LicenceTerms }
>;

/** One row of api.my_campaigns(). */
export type BrandCampaign = Refine<
  Nullable<ApiComposite<'brand_campaign'>, OptionalColumns>,
  Omit<CampaignKinds, 'status'> & { status: CampaignStatus | (string & {}) }
>;

/** The fields api.create_campaign and api.update_campaign take (the form always sends all of them, revision rounds included). */
export type CampaignInput = Refine<Omit<ApiArgs<'update_campaign'>, 'campaign_id'>, CampaignKinds & { requirements: string | null; revision_rounds: number }>;

/** One creator as api.discover_creators returns it (the fields the dashboard cards read). */
export type RecommendedCreator = Nullable<
  Pick<ApiComposite<'creator_card'>, 'id' | 'full_name' | 'username' | 'avatar_url' | 'niche' | 'followers' | 'location' | 'verified_reach' | 'social_accounts'>,
  'avatar_url' | 'niche' | 'followers' | 'location' | 'verified_reach' | 'social_accounts'
>;

/** The filters of the browse screen (also its URL search params). */
export interface BrowseFilters {
  keyword: string;
  contentType: string;
  platform: string;
}
