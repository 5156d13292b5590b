import {
  cancelHireSchema,
  createPaymentSchema,
  fundHireSchema,
  fundRenewalSchema,
  resolveDisputeSchema,
  type CancelHireInput,
  type CreatePaymentInput,
  type FundHireInput,
  type FundRenewalInput,
  type ResolveDisputeInput,
} from '../_shared/contract/payments.ts';
import { paymentInputCodes } from '../_shared/contract/payment-rules.ts';
import { parseInput } from '../_shared/parse-input.ts';

export type { CancelHireInput, CreatePaymentInput, FundHireInput, FundRenewalInput, ResolveDisputeInput };

// The bodies' rules are the contract's (shared with the web forms); a refusal is one 400 naming the field,
// with the rule's code where clients branch on it (reason_required, split_invalid, note_too_long, ...).

/** POST /payments/create: a deliverable uuid and, when given, a positive integer amount of cents. */
export function parseCreatePayment(body: unknown): CreatePaymentInput {
  return parseInput(createPaymentSchema, body, ['deliverableId', 'amountCents'], paymentInputCodes);
}

/** POST /payments/fund: an application uuid. */
export function parseFundHire(body: unknown): FundHireInput {
  return parseInput(fundHireSchema, body, ['applicationId'], paymentInputCodes);
}

/** POST /payments/fund-renewal: a licence renewal uuid. */
export function parseFundRenewal(body: unknown): FundRenewalInput {
  return parseInput(fundRenewalSchema, body, ['renewalId'], paymentInputCodes);
}

/** POST /payments/cancel-hire: an application uuid and the reason the creator will read (visible, 1000 at most). */
export function parseCancelHire(body: unknown): CancelHireInput {
  return parseInput(cancelHireSchema, body, ['applicationId', 'reason'], paymentInputCodes);
}

/** POST /payments/resolve-dispute: a dispute uuid, an outcome, the creator's share for a split, a note for both sides. */
export function parseResolveDispute(body: unknown): ResolveDisputeInput {
  return parseInput(resolveDisputeSchema, body, ['disputeId', 'outcome', 'creatorCents', 'note'], paymentInputCodes);
}
