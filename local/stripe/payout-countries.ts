/**
 * The recipient countries our platform pays (docs/decisions/0017-payout-paths-by-country.md), each through
 * Global Payouts to a local bank account in its own currency: a US recipient is paid in USD, the others
 * get USD converted by Stripe. The rates here are fixed test rates of the double, not market rates.
 */
export type PayoutCountry = 'US' | 'MX' | 'CO' | 'AR' | 'BR' | 'CL' | 'PE';

export interface CountryPayouts {
  name: string;
  /** The currency the recipient's bank account receives (lowercase, as Stripe writes it). */
  currency: string;
  /** Minor units per major unit (CLP has none). */
  minorUnits: number;
  /** Test conversion rate: units of `currency` per USD. */
  perUsd: number;
  /** The local rail, for the onboarding page's wording. */
  rail: string;
  /** Business days a posted payout usually takes (Stripe: 0-1 in the US, 1-7 elsewhere). */
  arrivalDays: number;
}

export const PAYOUT_COUNTRIES: Readonly<Record<PayoutCountry, CountryPayouts>> = {
  US: { name: 'United States', currency: 'usd', minorUnits: 100, perUsd: 1, rail: 'ACH', arrivalDays: 1 },
  MX: { name: 'Mexico', currency: 'mxn', minorUnits: 100, perUsd: 17, rail: 'SPEI', arrivalDays: 1 },
  CO: { name: 'Colombia', currency: 'cop', minorUnits: 100, perUsd: 4000, rail: 'ACH Colombia', arrivalDays: 2 },
  AR: { name: 'Argentina', currency: 'ars', minorUnits: 100, perUsd: 1000, rail: 'Transferencia (CBU/CVU)', arrivalDays: 2 },
  BR: { name: 'Brazil', currency: 'brl', minorUnits: 100, perUsd: 5, rail: 'Pix or TED', arrivalDays: 1 },
  CL: { name: 'Chile', currency: 'clp', minorUnits: 1, perUsd: 950, rail: 'TEF', arrivalDays: 2 },
  PE: { name: 'Peru', currency: 'pen', minorUnits: 100, perUsd: 3.7, rail: 'CCE (CCI)', arrivalDays: 2 },
};

export function payoutCountry(code: string): PayoutCountry | undefined {
  return Object.hasOwn(PAYOUT_COUNTRIES, code) ? (code as PayoutCountry) : undefined;
}

/** What `usdCents` buys in the country's currency, in its minor units, at the double's test rate. */
export function convertFromUsd(usdCents: number, country: PayoutCountry): number {
  const c = PAYOUT_COUNTRIES[country];
  return Math.round((usdCents / 100) * c.perUsd * c.minorUnits);
}
