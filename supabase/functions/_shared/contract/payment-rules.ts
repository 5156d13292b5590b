/**
 * The rules of the payments function's inputs that a screen also applies outside a schema (the split
 * preview, the pay amount), and their messages. No zod here: the schemas are in ./payments.ts. The messages
 * are English and identify each rule; the web says them in the reader's language by its catalogs
 * (i18n/rule-messages.ts), the function answers them with the codes below. The database checks again.
 */

/** The longest reason or note a brand or an admin may write (the database refuses longer too). */
export const PAYMENT_TEXT_MAX = 1000;

/** How an admin decides a dispute: all to the creator, all back to the brand, or a split of the money held. */
export const DISPUTE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const paymentIdMessages = {
  deliverableId: 'deliverableId must be a uuid',
  applicationId: 'applicationId must be a uuid',
  disputeId: 'disputeId must be a uuid',
  renewalId: 'renewalId must be a uuid',
} as const;

export const createPaymentMessages = {
  amountCents: 'amountCents must be a positive whole number of cents',
} as const;

/** The cancel-hire reason (the brand's cancel dialog shows these by the same names). */
export const cancelHireMessages = {
  reasonRequired: 'Tell the creator why you are canceling this hire',
  reasonTooLong: `The reason must be ${PAYMENT_TEXT_MAX} characters or fewer`,
} as const;

export const resolveDisputeMessages = {
  outcome: 'outcome must be release, refund or split',
  splitInvalid: "The creator's share must be more than $0.00 and less than the money held",
  noteRequired: 'Explain the decision to both sides',
  noteTooLong: `The note must be ${PAYMENT_TEXT_MAX} characters or fewer`,
} as const;

/** The admin's resolve form: the body's rules plus what only typed dollars and radio buttons can get wrong. */
export const resolveDisputeFormMessages = {
  outcomeRequired: 'Choose how to resolve the dispute',
  amountInvalid: 'Enter an amount in dollars, like 300 or 299.99',
  splitInvalid: resolveDisputeMessages.splitInvalid,
  noteRequired: resolveDisputeMessages.noteRequired,
  noteTooLong: resolveDisputeMessages.noteTooLong,
} as const;

/**
 * The codes the payments function answers a refused body with, by the rule's message (clients branch on
 * them: the web puts `split_invalid` under the amount); a rule without one is `validation_failed`.
 */
export const paymentInputCodes: Readonly<Record<string, string>> = {
  [cancelHireMessages.reasonRequired]: 'reason_required',
  [cancelHireMessages.reasonTooLong]: 'reason_too_long',
  [resolveDisputeMessages.splitInvalid]: 'split_invalid',
  [resolveDisputeMessages.noteRequired]: 'note_required',
  [resolveDisputeMessages.noteTooLong]: 'note_too_long',
};

/** An amount of money a body may carry: a positive whole number of cents within a safe integer. */
export function isPositiveCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The dispute-split rule: the creator's share (released) and the brand's (refunded) are whole cents that
 * add up to the money held, and each side gets something, so the creator's share is more than $0.00 and
 * less than all of it (all of it is a release, none a refund). The payments function does not know the
 * money held when it reads the body (`heldCents` undefined): it checks the share alone, and
 * api.resolve_dispute_quote, which reads the escrow, checks the rest.
 */
export function isValidSplit(creatorCents: unknown, heldCents?: number): creatorCents is number {
  return isPositiveCents(creatorCents) && (heldCents === undefined || creatorCents < heldCents);
}

/** What each side gets from a valid split of the money held; null when the split breaks the rule. */
export function splitShares(creatorCents: unknown, heldCents: number): { creatorCents: number; brandCents: number } | null {
  return isValidSplit(creatorCents, heldCents) ? { creatorCents, brandCents: heldCents - creatorCents } : null;
}
