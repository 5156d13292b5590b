import { z } from 'zod/mini';
import { isUuid } from './ids.ts';
import { dollarsToCents } from './money.ts';
import {
  cancelHireMessages,
  createPaymentMessages,
  DISPUTE_OUTCOMES,
  isPositiveCents,
  isValidSplit,
  PAYMENT_TEXT_MAX,
  paymentIdMessages,
  resolveDisputeFormMessages,
  resolveDisputeMessages,
} from './payment-rules.ts';
import { hasVisibleText } from './visible-text.ts';

/**
 * The bodies the payments function accepts, one schema each, shared by the function (which answers a
 * refusal 400 with the rule's code, see payment-rules.ts) and the web forms that send them. The database
 * checks again (api.payment_quote, api.cancel_hire_begin, api.resolve_dispute_quote and _begin).
 */

const uuid = (message: string) => z.string(message).check(z.refine(isUuid, message));

/** Required text shown to the other side: something visible, at most 1000 characters; sent trimmed. */
function requiredText(required: string, tooLong: string) {
  return z.pipe(
    z.string(required).check(
      z.refine(hasVisibleText, required),
      z.refine((v) => v.trim().length <= PAYMENT_TEXT_MAX, tooLong),
    ),
    z.transform((v) => v.trim()),
  );
}

/** The reason a brand gives for canceling a hire (the creator reads it). */
export const cancelHireReason = requiredText(cancelHireMessages.reasonRequired, cancelHireMessages.reasonTooLong);
/** The note an admin writes about a dispute's decision (both sides read it). */
export const disputeNote = requiredText(resolveDisputeMessages.noteRequired, resolveDisputeMessages.noteTooLong);

/** POST /payments/create: a deliverable and, for performance-based pay or a product bonus, the amount in cents. */
export const createPaymentSchema = z.object({
  deliverableId: uuid(paymentIdMessages.deliverableId),
  amountCents: z.pipe(
    z.optional(z.nullable(z.unknown().check(z.refine(isPositiveCents, createPaymentMessages.amountCents)))),
    z.transform((v) => (v ?? null) as number | null),
  ),
});
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

/** POST /payments/fund: the hire (application) whose escrow the brand funds. */
export const fundHireSchema = z.object({ applicationId: uuid(paymentIdMessages.applicationId) });
export type FundHireInput = z.output<typeof fundHireSchema>;

/** POST /payments/fund-renewal: an accepted licence renewal (decision 0060). */
export const fundRenewalSchema = z.object({ renewalId: uuid(paymentIdMessages.renewalId) });
export type FundRenewalInput = z.output<typeof fundRenewalSchema>;

/** POST /payments/cancel-hire: the hire and the reason the creator will read. */
export const cancelHireSchema = z.object({ applicationId: uuid(paymentIdMessages.applicationId), reason: cancelHireReason });
export type CancelHireInput = z.output<typeof cancelHireSchema>;

/** The brand's cancel dialog: the reason only (the hire is the one on screen). */
export const cancelHireFormSchema = z.object({ reason: cancelHireReason });
export type CancelHireFormValues = z.input<typeof cancelHireFormSchema>;

/**
 * POST /payments/resolve-dispute (admins): the dispute, the outcome, the creator's share in cents for a
 * split (ignored otherwise), and the note both sides read.
 */
export const resolveDisputeSchema = z.pipe(
  z
    .object({
      disputeId: uuid(paymentIdMessages.disputeId),
      outcome: z.enum(DISPUTE_OUTCOMES, resolveDisputeMessages.outcome),
      creatorCents: z.optional(z.unknown()),
      note: disputeNote,
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.outcome === 'split' && !isValidSplit(v.creatorCents)) {
          ctx.issues.push({ code: 'custom', message: resolveDisputeMessages.splitInvalid, path: ['creatorCents'], input: v.creatorCents });
        }
      }),
    ),
  z.transform((v) => ({ ...v, creatorCents: v.outcome === 'split' ? (v.creatorCents as number) : null })),
);
export type ResolveDisputeInput = z.output<typeof resolveDisputeSchema>;

/** The resolve form's values as its inputs hold them: the creator's share in dollars as typed. */
export interface ResolveDisputeFormValues {
  outcome: string;
  creatorAmount: string;
  note: string;
}

/**
 * The admin's resolve form, given the money held: the body's rules (its outcomes, its note, the split
 * rule, now with the money held), with the share typed in dollars.
 */
export function resolveDisputeFormSchema(heldCents: number) {
  const m = resolveDisputeFormMessages;
  return z
    .object({
      outcome: z.string().check(z.refine((v) => (DISPUTE_OUTCOMES as readonly string[]).includes(v), m.outcomeRequired)),
      creatorAmount: z.string(),
      note: disputeNote,
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.outcome !== 'split') return;
        const cents = dollarsToCents(v.creatorAmount);
        const message = cents === null ? m.amountInvalid : isValidSplit(cents, heldCents) ? null : m.splitInvalid;
        if (message) ctx.issues.push({ code: 'custom', message, path: ['creatorAmount'], input: v.creatorAmount });
      }),
    );
}
