/** Shapes of the deliverable functions of the `api` schema this feature reads, derived from the generated types. */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/**
 * The check constraint of app.deliverables.status: `pending` awaits the brand's review (legacy `submitted`
 * means the same), `changes_requested` waits for the creator's resubmission, `approved` and `rejected` are final.
 */
export type DeliverableStatus = 'pending' | 'submitted' | 'changes_requested' | 'approved' | 'rejected';

/**
 * One row of api.application_deliverables(application_id): a content link and its review; `feedback` is
 * the brand's latest decision text, `note` the creator's note on the latest round; `review_due_at` is when
 * it is approved automatically (content awaiting review on a funded hire only, else null). The revision
 * rounds are the campaign's included ones and the requests for changes made on this content.
 */
export type Deliverable = Refine<Nullable<ApiRow<'application_deliverables'>, 'feedback' | 'review_due_at' | 'note'>, { status: DeliverableStatus | (string & {}) }>;

/** The brand's decision on a round: `auto_approved` is the platform's, when the review window ran out. */
export type RoundDecision = 'changes_requested' | 'approved' | 'auto_approved' | 'rejected';

/**
 * One row of api.deliverable_rounds(deliverable_id), oldest first: a submission and the decision on it
 * (null while it awaits review; `decided_by` null with auto_approved is the platform).
 */
export type DeliverableRound = Refine<
  Nullable<ApiRow<'deliverable_rounds'>, 'note' | 'decision' | 'feedback' | 'decided_by' | 'decided_by_name' | 'decided_at'>,
  { decision: RoundDecision | (string & {}) | null }
>;

/** What the revisions panel reads of api.deliverable_detail(deliverable_id): the content's state and its rounds' allowance. */
export type RevisionState = Refine<
  Nullable<
    Pick<
      ApiRow<'deliverable_detail'>,
      'id' | 'application_id' | 'status' | 'content_url' | 'note' | 'feedback' | 'review_due_at' | 'revision_rounds_included' | 'revision_rounds_used' | 'brand_name' | 'creator_name' | 'hire'
    >,
    'note' | 'feedback' | 'review_due_at' | 'brand_name' | 'creator_name' | 'hire'
  >,
  { status: DeliverableStatus | (string & {}) }
>;


/** The outcomes of app.delivery_checks.outcome (decision 0055); `pending` is a check not yet run. */
export type DeliveryOutcome =
  | 'pending'
  | 'verified'
  | 'not_owner'
  | 'published_before_hire'
  | 'missing_disclosure'
  | 'no_connected_account'
  | 'post_not_found'
  | 'platform_unavailable';

/** One metrics reading of the delivered post (app.post_snapshots): a metric the platform does not give is null, not 0. */
export interface PostSnapshot {
  checkpoint: '24h' | '7d' | '30d' | (string & {});
  due_at: string;
  taken_at: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  reach: number | null;
  is_live: boolean | null;
}

/** The jsonb of api.delivery_proof(deliverable_id). */
export interface DeliveryProof {
  outcome: DeliveryOutcome | (string & {});
  platform: 'instagram' | 'tiktok' | 'youtube' | null;
  post_id: string | null;
  published_at: string | null;
  disclosure_via: 'label' | 'hashtag' | null;
  checked_at: string | null;
  /** A platform failure: the check stays due and runs again later. */
  retrying: boolean;
  live_until: string | null;
  removed_at: string | null;
  removed_as: 'deleted' | 'private' | null;
  snapshots: PostSnapshot[];
}
