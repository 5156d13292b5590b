/**
 * Shapes of the campaign functions of the `api` schema this feature reads, with compile-time checks
 * against the generated database types (like types/api-contract.ts does for the shared shapes).
 * Money is integer cents.
 */
import type { Database } from '@db/database.types';
import type { CampaignStatus, CompensationType, ContentType } from '@/types/api';

/** The brand as api.campaign_detail embeds it. */
export interface CampaignBrand {
  id: string;
  company_name: string;
  full_name: string;
  username: string;
  avatar_url: string | null;
  logo_url: string | null;
  website: string | null;
  industry: string | null;
}

/** The caller's own application as api.campaign_detail embeds it (null when there is none). */
export interface OwnApplication {
  id: string;
  status: 'pending' | 'accepted' | 'rejected';
  pitch: string;
  created_at: string;
}

/** One row of api.campaign_detail(campaign_id). */
export interface CampaignDetail {
  id: string;
  brand_id: string;
  title: string;
  description: string;
  content_type: ContentType;
  platforms: string[];
  compensation_type: CompensationType;
  compensation_cents: number;
  deadline: string | null;
  requirements: string | null;
  status: CampaignStatus | (string & {});
  created_at: string;
  updated_at: string;
  application_count: number;
  is_owner: boolean;
  brand: CampaignBrand;
  my_application: OwnApplication | null;
}

/** One row of api.my_campaigns(). */
export interface BrandCampaign {
  id: string;
  title: string;
  description: string;
  content_type: ContentType;
  platforms: string[];
  compensation_type: CompensationType;
  compensation_cents: number;
  deadline: string | null;
  requirements: string | null;
  status: CampaignStatus | (string & {});
  created_at: string;
  updated_at: string;
  application_count: number;
  pending_application_count: number;
}

/** The fields api.create_campaign and api.update_campaign take. */
export interface CampaignInput {
  title: string;
  description: string;
  content_type: ContentType;
  platforms: string[];
  compensation_type: CompensationType;
  compensation_cents: number;
  deadline: string;
  requirements: string | null;
  status: CampaignStatus;
}

/** One creator as api.discover_creators returns it (the fields the dashboard cards read). */
export interface RecommendedCreator {
  id: string;
  full_name: string;
  username: string;
  avatar_url: string | null;
  niche: string | null;
  followers: number | null;
  location: string | null;
}

/** The filters of the browse screen (also its URL search params). */
export interface BrowseFilters {
  keyword: string;
  contentType: string;
  platform: string;
}

type Api = Database['api'];
type Composite = Api['CompositeTypes'];
type Missing<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : { missingInDb: Exclude<keyof A, keyof B> };
type Assert<T extends true> = T;

export type CampaignContractChecks = [
  Assert<Missing<CampaignDetail, Composite['campaign_detail']>>,
  Assert<Missing<BrandCampaign, Composite['brand_campaign']>>,
  Assert<Missing<RecommendedCreator, Composite['creator_card']>>,
  Assert<Missing<Omit<CampaignInput, 'status' | 'requirements'>, Api['Functions']['create_campaign']['Args']>>,
  Assert<Missing<CampaignInput & { campaign_id: string }, Api['Functions']['update_campaign']['Args']>>,
  Assert<Api['Functions']['browse_campaigns_count']['Returns'] extends number ? true : false>,
];
