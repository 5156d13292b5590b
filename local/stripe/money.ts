/** Currencies this double accepts, with Stripe's minimum charge amount in the smallest unit. */
export const MINIMUM_AMOUNTS: Record<string, number> = {
  usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, mxn: 1000, brl: 50,
};

/** Stripe's largest amount for these currencies (eight digits). */
export const MAXIMUM_AMOUNT = 99_999_999;

/** `$12.34` for 1234 usd cents; how Stripe's messages show amounts (the checkout page: checkoutAmount, in its reader's format). */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
