/**
 * Shapes of the `api` functions behind the creator screens, derived from the generated database types (a
 * renamed column fails `tsc`, not a screen). See types/api-contract.ts for the helpers.
 */
import type { ApiComposite, ApiRow, Nullable } from '@/types/api-contract';

/**
 * One row of api.discover_creators / api.creator_profile (the `creator_card` composite). portfolio: the items
 * (components/portfolio: all on the profile, the first three in Discover; read with portfolioItems()). rate_per_post_cents
 * is null when the creator has not set one; rating (the average of
 * the creator's published, not hidden reviews) is null while review_count is 0. followers is the typed
 * (self-reported) count; verified_reach and social_accounts the connected accounts' (components/ui/reach).
 */
export type CreatorCard = Nullable<
  ApiComposite<'creator_card'>,
  | 'avatar_url'
  | 'bio'
  | 'niche'
  | 'location'
  | 'instagram_handle'
  | 'tiktok_handle'
  | 'youtube_handle'
  | 'rate_per_post_cents'
  | 'rating'
  | 'verified_reach'
  | 'social_accounts'
>;

/** One row of api.creator_portfolio: an approved piece of content. */
export type PortfolioItem = ApiRow<'creator_portfolio'>;

/**
 * api.creator_statistics: the creator's real track record. acceptance_rate is accepted / decided
 * applications in percent (one decimal), null when nothing was decided yet.
 */
export type CreatorStatistics = Nullable<ApiRow<'creator_statistics'>, 'acceptance_rate'>;
