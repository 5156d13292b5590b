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
