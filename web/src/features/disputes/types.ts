/**
 * Shapes of the `api` functions behind disputes, derived from the generated database types (see
 * types/api-contract.ts for why some fields are refined).
 */
import type { DisputeOutcome } from '@contract/payment-rules';
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** Why a dispute was opened: the database accepts exactly these (one list with the emails). */
export { DISPUTE_REASONS, type DisputeReason } from '@contract/dispute-reasons';

/** open: waiting for an admin; resolving: an admin's decision is being carried out; then resolved or withdrawn. */
export type DisputeStatus = 'open' | 'resolving' | 'resolved' | 'withdrawn';

/** How an admin decided: all to the creator, all back to the brand, or a split of the money held. */
export { DISPUTE_OUTCOMES, type DisputeOutcome } from '@contract/payment-rules';

/** Who takes part in a dispute's thread. */
export type DisputeRole = 'brand' | 'creator' | 'admin';

/** One message of a dispute's thread, as api.hire_dispute builds it in jsonb. Names are null for deleted accounts. */
export interface DisputeMessage {
  id: string;
  author_id: string | null;
  author_name: string | null;
  author_role: DisputeRole | (string & {}) | null;
  body: string;
  created_at: string;
}

/**
 * api.hire_dispute(application_id): whether the caller may open a dispute now, and the hire's latest
 * dispute (every dispute field is null when the hire never had one).
 */
export type HireDispute = Refine<
  Nullable<
    ApiRow<'hire_dispute'>,
    | 'id'
    | 'reason'
    | 'details'
    | 'evidence_urls'
    | 'opened_by'
    | 'opened_by_name'
    | 'created_at'
    | 'amount_cents'
    | 'held_cents'
    | 'creator_cents'
    | 'brand_cents'
    | 'resolution_note'
    | 'resolved_at'
    | 'resolved_by_name'
    | 'withdrawn_at'
  >,
  {
    status: DisputeStatus | null;
    opened_by_role: 'brand' | 'creator' | null;
    outcome: DisputeOutcome | null;
    messages: DisputeMessage[];
  }
>;

/** A hire's dispute that exists (HireDispute with an id). */
export type ExistingDispute = HireDispute & { id: string; status: DisputeStatus };

/** One row of api.admin_dispute_queue: a dispute waiting for a decision (or being carried out). */
export type QueuedDispute = Refine<
  Nullable<ApiRow<'admin_dispute_queue'>, 'deliverable_id' | 'campaign_title' | 'brand_name' | 'creator_name'>,
  { status: DisputeStatus; opened_by_role: 'brand' | 'creator' }
>;
