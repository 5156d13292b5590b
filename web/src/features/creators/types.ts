/**
 * Shapes of the `api` functions behind the creator screens, with compile-time checks that every field the
 * screens read still exists in the generated database types (a renamed column fails `tsc`, not a screen).
 */
import type { Database } from '@db/database.types';

/** One row of api.discover_creators / api.creator_profile (the `creator_card` composite). */
export interface CreatorCard {
  id: string;
  full_name: string;
  username: string;
  avatar_url: string | null;
  bio: string | null;
  niche: string | null;
  followers: number;
  location: string | null;
  instagram_handle: string | null;
  tiktok_handle: string | null;
  youtube_handle: string | null;
  /** Starting rate per post in US cents; null when the creator has not set one. */
  rate_per_post_cents: number | null;
  /** Average review score; null until reviews exist (there is no reviews table yet). */
  rating: number | null;
  review_count: number;
  created_at: string;
}

/** One row of api.creator_portfolio: an approved piece of content. */
export interface PortfolioItem {
  deliverable_id: string;
  content_url: string;
  campaign_id: string;
  campaign_title: string;
  approved_at: string;
}

/** api.creator_statistics: the creator's real track record. */
export interface CreatorStatistics {
  campaigns_completed: number;
  approved_deliverables: number;
  applications_total: number;
  applications_accepted: number;
  applications_rejected: number;
  /** Accepted / decided applications in percent (one decimal); null when nothing was decided yet. */
  acceptance_rate: number | null;
  member_since: string;
}

type Fns = Database['api']['Functions'];
type Row<T> = T extends readonly (infer R)[] ? R : NonNullable<T>;
type Reads<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : { missingInDb: Exclude<keyof A, keyof B> };
type Assert<T extends true> = T;

export type CreatorContractChecks = [
  Assert<Reads<CreatorCard, Row<Fns['discover_creators']['Returns']>>>,
  Assert<Reads<CreatorCard, Row<Fns['creator_profile']['Returns']>>>,
  Assert<Reads<PortfolioItem, Row<Fns['creator_portfolio']['Returns']>>>,
  Assert<Reads<CreatorStatistics, Row<Fns['creator_statistics']['Returns']>>>,
];
