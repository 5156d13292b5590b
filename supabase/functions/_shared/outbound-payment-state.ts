import type Stripe from 'stripe';

/** What an OutboundPayment (a payout) means for our payout row; shared by `payouts` and `stripe-webhook`. */

/** Our payout status for an OutboundPayment's status. */
export function payoutStatusOf(status: string): 'processing' | 'paid' | 'failed' {
  if (status === 'posted') return 'paid';
  if (status === 'failed' || status === 'returned' || status === 'canceled') return 'failed';
  return 'processing';
}

/** What the creator is told for each of Stripe's reasons (the app translates by code; this is the fallback). */
const FAILURE_MESSAGES: Record<string, string> = {
  payout_method_does_not_exist: 'The bank account does not exist. Check your bank details.',
  payout_method_closed: 'The bank account is closed. Add an account that is open.',
  payout_method_invalid_account_number: 'The account number is not valid. Check your bank details.',
  payout_method_holder_name_incorrect: 'The account holder name does not match the bank account.',
  payout_method_holder_details_incorrect: 'The account holder details do not match the bank account.',
  payout_method_declined: 'Your bank declined the payout. Contact your bank or add another account.',
  payout_method_restricted: 'Your bank account cannot receive this payout. Contact your bank or add another account.',
  payout_method_currency_unsupported: 'Your bank account cannot receive this currency. Add another account.',
};
const GENERIC_FAILURE = 'Your bank could not receive the payout. Check your bank details.';

/** Stripe's reason for a failed or returned payment (its code), and what the creator reads. */
export function failureOf(op: Pick<Stripe.V2.MoneyManagement.OutboundPayment, 'status' | 'status_details'>): { code: string | null; message: string | null } {
  if (op.status !== 'failed' && op.status !== 'returned') return { code: null, message: null };
  const details = op.status_details as { failed?: { reason?: string }; returned?: { reason?: string } } | null | undefined;
  const code = (op.status === 'returned' ? details?.returned?.reason : details?.failed?.reason) ?? null;
  return { code, message: (code && FAILURE_MESSAGES[code]) || GENERIC_FAILURE };
}

/**
 * Why Stripe refused to create a payout, as we keep it (payouts.failure_code) and answer it (the error
 * code): the platform's balance is short, the creator's account cannot be paid, or another refusal. The
 * web app words each by its code; `message` is the English fallback. `accountProblem`: the creator must
 * fix their payout account (it is marked as needing attention); otherwise the fault is the platform's
 * and the account stays payable.
 */
export interface PayoutRefusal {
  code: 'platform_balance_insufficient' | 'bank_account_invalid' | 'payout_refused';
  message: string;
  accountProblem: boolean;
}

const BACK = 'the money is back in your available balance.';

/** Any other refusal: the platform's side, said without blaming the creator. */
export const PAYOUT_REFUSED: PayoutRefusal = {
  code: 'payout_refused',
  message: `The platform could not send this payout right now; ${BACK}`,
  accountProblem: false,
};

/**
 * A definite refusal from Stripe, or null when Stripe may have created the payment after all. Definite:
 * an answer of 400 to 404 (the request was judged and refused: no payment exists, and v2 keeps no result
 * under the key). Not definite: no answer (connection error, timeout), 5xx, 409 and every
 * idempotency_error (another request with the key may be running or have run), 429, or anything else.
 */
export function refusalOf(error: unknown): PayoutRefusal | null {
  const e = error as { type?: unknown; rawType?: unknown; code?: unknown; statusCode?: unknown } | null;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 0;
  if (status < 400 || status > 404 || e?.type === 'StripeIdempotencyError' || e?.rawType === 'idempotency_error') return null;
  const kind = [e?.rawType, e?.code].filter((v): v is string => typeof v === 'string');
  if (kind.includes('insufficient_funds')) {
    return {
      code: 'platform_balance_insufficient',
      message: `The platform could not send this payout right now: its payout balance is short. Nothing is wrong with your account; ${BACK}`,
      accountProblem: false,
    };
  }
  if (kind.some((k) => k === 'capability_not_enabled' || k === 'invalid_payout_method' || k === 'recipient_capability_not_active' || k === 'payout_method_not_found')) {
    return {
      code: 'bank_account_invalid',
      // The code the account's problem already has for a bank Stripe stopped accepting (the app words it).
      message: `Your bank account cannot receive payouts right now; ${BACK} Add your bank details again.`,
      accountProblem: true,
    };
  }
  return PAYOUT_REFUSED;
}
