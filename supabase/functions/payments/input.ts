import { HttpError, invalid } from '../_shared/http-error.ts';

/** The body of POST /payments/create. */
export interface CreatePaymentInput {
  deliverableId: string;
  /** Integer US cents; required for performance-based pay and a product-exchange bonus, else omitted. */
  amountCents: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks the create body: a deliverable uuid and, when given, a positive integer amount of cents. */
export function parseCreatePayment(body: unknown): CreatePaymentInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object', 'bad_json');
  const { deliverableId, amountCents } = body as Record<string, unknown>;
  if (typeof deliverableId !== 'string' || !UUID.test(deliverableId)) throw invalid('deliverableId', 'deliverableId must be a uuid');
  if (amountCents === undefined || amountCents === null) return { deliverableId, amountCents: null };
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw invalid('amountCents', 'amountCents must be a positive whole number of cents');
  }
  return { deliverableId, amountCents };
}

/** The body of POST /payments/fund. */
export interface FundHireInput {
  applicationId: string;
}

/** The body of POST /payments/cancel-hire. */
export interface CancelHireInput {
  applicationId: string;
  reason: string;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object', 'bad_json');
  return body as Record<string, unknown>;
}

function applicationIdOf(body: Record<string, unknown>): string {
  const { applicationId } = body;
  if (typeof applicationId !== 'string' || !UUID.test(applicationId)) throw invalid('applicationId', 'applicationId must be a uuid');
  return applicationId;
}

/** Checks the fund body: an application uuid. */
export function parseFundHire(body: unknown): FundHireInput {
  return { applicationId: applicationIdOf(objectBody(body)) };
}

/** Checks the cancel body: an application uuid and the reason the creator will read (1-1000 characters). */
export function parseCancelHire(body: unknown): CancelHireInput {
  const o = objectBody(body);
  const applicationId = applicationIdOf(o);
  const reason = typeof o.reason === 'string' ? o.reason.trim() : '';
  if (!reason) throw new HttpError(400, 'Tell the creator why you are canceling this hire', 'reason_required', 'reason');
  if (reason.length > 1000) throw new HttpError(400, 'The reason must be 1000 characters or fewer', 'reason_too_long', 'reason');
  return { applicationId, reason };
}

/** The body of POST /payments/resolve-dispute (admins). */
export interface ResolveDisputeInput {
  disputeId: string;
  outcome: 'release' | 'refund' | 'split';
  /** Integer US cents to the creator (before the fee); only with a split. */
  creatorCents: number | null;
  note: string;
}

const OUTCOMES = ['release', 'refund', 'split'] as const;

/** Checks the resolve body: a dispute uuid, an outcome, the creator's share for a split, a note for both sides. */
export function parseResolveDispute(body: unknown): ResolveDisputeInput {
  const o = objectBody(body);
  const { disputeId, outcome, creatorCents } = o;
  if (typeof disputeId !== 'string' || !UUID.test(disputeId)) throw invalid('disputeId', 'disputeId must be a uuid');
  if (typeof outcome !== 'string' || !(OUTCOMES as readonly string[]).includes(outcome)) {
    throw invalid('outcome', 'outcome must be release, refund or split');
  }
  let share: number | null = null;
  if (outcome === 'split') {
    if (typeof creatorCents !== 'number' || !Number.isSafeInteger(creatorCents) || creatorCents <= 0) {
      throw new HttpError(400, "The creator's share must be more than $0.00 and less than the money held", 'split_invalid', 'creatorCents');
    }
    share = creatorCents;
  }
  const note = typeof o.note === 'string' ? o.note.trim() : '';
  if (!note) throw new HttpError(400, 'Explain the decision to both sides', 'note_required', 'note');
  if (note.length > 1000) throw new HttpError(400, 'The note must be 1000 characters or fewer', 'note_too_long', 'note');
  return { disputeId, outcome: outcome as ResolveDisputeInput['outcome'], creatorCents: share, note };
}
