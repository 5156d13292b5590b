/**
 * The countries creators can be paid in (ISO 3166 alpha-2), as api.payout_countries() lists them: the web
 * needs them before anyone is signed in (the sign-up form's country), when the database function cannot be
 * called. supabase/tests/payout-countries-contract.test.ts holds the two lists equal.
 */
export const PAYOUT_COUNTRIES = ['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'US'] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

export const isPayoutCountry = (v: unknown): v is PayoutCountry => typeof v === 'string' && (PAYOUT_COUNTRIES as readonly string[]).includes(v);
