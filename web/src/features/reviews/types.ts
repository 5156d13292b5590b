/**
 * Shapes of the `api` functions behind reviews, derived from the generated database types (see
 * types/api-contract.ts for why some fields are refined).
 */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** Who wrote a review or is reviewed; the database allows no other role to take part in a hire. */
export type PartyRole = 'brand' | 'creator';

/** A review as api.hire_reviews builds it in jsonb (jsonb_build_object of the review row). */
export interface WrittenReview {
  id: string;
  rating: number;
  body: string;
  created_at: string;
  /** The caller's own review only: an admin hid it (it no longer shows to others nor counts). */
  hidden?: boolean;
}

/**
 * api.hire_reviews(application_id): the caller's side of a hire's reviews. completed_at and reveal_at are
 * null while the hire is not complete; their_review is null until it is published (and when hidden).
 */
export type HireReviews = Refine<
  Nullable<ApiRow<'hire_reviews'>, 'completed_at' | 'reveal_at'>,
  { my_review: WrittenReview | null; their_review: WrittenReview | null }
>;

/** One row of api.user_reviews: a published review that is not hidden. Names are null for deleted accounts. */
export type UserReview = Refine<Nullable<ApiRow<'user_reviews'>, 'reviewer_name' | 'campaign_title'>, { reviewer_role: PartyRole | (string & {}) }>;

/** One row of api.admin_reviews: every review, published or not, hidden or not. */
export type AdminReview = Refine<
  Nullable<ApiRow<'admin_reviews'>, 'reviewer_name' | 'reviewee_name' | 'campaign_title' | 'hidden_at' | 'hidden_reason'>,
  { reviewee_role: PartyRole | (string & {}) }
>;
