/** Shapes of api.brand_analytics and api.brand_analytics_totals, derived from the generated database types. */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';
import type { CampaignStatus } from '@/types/api';

/**
 * One campaign's figures (api.brand_analytics in supabase/schemas/api/analytics.sql). acceptance_rate is accepted / decided
 * applications in percent with one decimal, null while nothing is decided.
 */
export type CampaignAnalytics = Refine<Nullable<ApiRow<'brand_analytics'>, 'acceptance_rate'>, { status: CampaignStatus | (string & {}) }>;

/** The same figures summed over all the brand's campaigns (acceptance rate recomputed from the sums). */
export type AnalyticsTotals = Nullable<ApiRow<'brand_analytics_totals'>, 'acceptance_rate'>;

/** What the analytics screen shows: the totals and one row per campaign, newest first. */
export interface BrandAnalytics {
  totals: AnalyticsTotals;
  campaigns: CampaignAnalytics[];
}

/**
 * One row of api.campaign_delivery_results(campaign_id): a delivered post, its verification outcome and
 * its latest snapshot (checkpoint '24h' | '7d' | '30d', null before the first); costs in cents, possibly
 * fractional per view. Null means "not reported" (never 0).
 */
export interface DeliveryResult {
  creator_id: string;
  creator_name: string | null;
  deliverable_id: string;
  outcome: string;
  checkpoint: string | null;
  views: number | null;
  reach: number | null;
  engagements: number | null;
  cost_cents: number | null;
  cost_per_view_cents: number | null;
  cost_per_engagement_cents: number | null;
}
