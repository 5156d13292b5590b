// One schema for every screen that reads a hire (applications, deliverables, payments).
import { z } from 'zod/mini';
import { HIRE_STATUSES, type HireStatus } from './hire-states.ts';

export {
  canFund,
  HIRE_STATUS_TONES,
  HIRE_STATUSES,
  HIRE_STATUSES_BLOCKING_WORK,
  type HireStatus,
  hireAllowsWork,
} from './hire-states.ts';

const timestamp = z.nullable(z.string());

/**
 * A hire as app.hire_json builds it (the `hire` jsonb of api.my_applications, api.campaign_applications
 * and api.deliverable_detail): what the brand funds, the fee fixed when the application was accepted,
 * what the creator receives, and where the money is. Money in integer US cents. The words are the
 * glossary's (docs/decisions/0031-one-glossary-of-money-terms.md): fee_cents and creator_cents (the
 * creator's net) are the quote on the whole amount until the hire is released, then the ledger's.
 */
export const hireSchema = z.object({
  escrow_id: z.string(),
  status: z.enum(HIRE_STATUSES),
  amount_cents: z.number(),
  fee_bps: z.number(),
  fee_cents: z.number(),
  creator_cents: z.number(),
  held_cents: z.number(),
  /** Released from escrow to the creator's side, before the fee (the ledger's; less than amount after a split). */
  released_cents: z.number(),
  /** Refunded to the brand's card (the ledger's). */
  refunded_cents: z.number(),
  funded_at: timestamp,
  released_at: timestamp,
  /** dispute: released (in full or in part) by an admin's decision on a dispute. */
  release_reason: z.nullable(z.enum(['approved', 'auto_approved', 'dispute'])),
  refunded_at: timestamp,
  canceled_at: timestamp,
  cancel_reason: z.nullable(z.string()),
  /** The earliest review deadline of its content awaiting review (funded hires only). */
  review_due_at: timestamp,
  /** The amount's parts (decision 0056): the content fee held, and the paid-usage licence's price. */
  content_cents: z.number(),
  licence_cents: z.number(),
});
export type Hire = z.infer<typeof hireSchema>;

/** The hire of a row: null when no funding is involved; a shape the app does not know throws. */
export function parseHire(value: unknown): Hire | null {
  return value === null || value === undefined ? null : hireSchema.parse(value);
}

/**
 * Whether the hire's escrow holds the content's money. A hire funding only a licence (a product or
 * performance campaign, or escrow switched off, decision 0056) leaves the content to "Pay creator".
 */
export function holdsContent(hire: Hire | null): boolean {
  return hire !== null && hire.content_cents > 0;
}

/** Hire states after which no review of its content can move money: released, refunded, canceled, charged back. */
const CLOSED: readonly HireStatus[] = ['released', 'refunded', 'canceled', 'charged_back'];

/**
 * The review state content shows: its own status, except content still marked as awaiting review on a
 * hire that closed without the brand's decision (an admin resolved a dispute, the hire was refunded):
 * nobody reviews it any more, so it reads 'closed' rather than "pending review".
 */
export function contentReviewState(deliverableStatus: string, hire: Hire | null): string {
  const awaiting = deliverableStatus === 'pending' || deliverableStatus === 'submitted';
  return awaiting && hire !== null && CLOSED.includes(hire.status) ? 'closed' : deliverableStatus;
}
