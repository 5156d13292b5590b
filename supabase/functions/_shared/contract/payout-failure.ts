/**
 * Whose fault a failed payout is, by its failure_code (app.payouts.failure_code, also in the payout_failed
 * notification's data). The platform's refusals (its payout balance was short, or Stripe refused the
 * platform's request; see _shared/outbound-payment-state.ts) say nothing about the creator's bank details,
 * so the bell and the email must not send the creator to fix them (issue 30, finding 2). Every other code
 * (bank_account_invalid, a bank's reason from Stripe's webhook) is a problem of the creator's payout account.
 */
export const PLATFORM_PAYOUT_REFUSALS = ['platform_balance_insufficient', 'payout_refused'] as const;
export type PlatformPayoutRefusal = (typeof PLATFORM_PAYOUT_REFUSALS)[number];

/** True when the payout failed on the platform's side and the creator's account needs nothing. */
export function isPlatformPayoutRefusal(code: unknown): code is PlatformPayoutRefusal {
  return (PLATFORM_PAYOUT_REFUSALS as readonly unknown[]).includes(code);
}
