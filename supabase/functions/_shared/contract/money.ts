/**
 * Money in one place for the web app and the functions: amounts are integer cents of USD everywhere; people
 * type dollars, and percentages of the platform fee are basis points. Typed text becomes cents by one
 * grammar, read from the digits (never through floating point, where 0.29 * 100 is 28.999999999999996).
 */

/** The most whole dollars an amount may have (ten digits, well inside a safe integer of cents). */
const MAX_WHOLE_DIGITS = 10;

/**
 * Dollars as people type them, to integer cents; null for anything that is not an amount. Takes "300",
 * "300.5", "300.", "$300.00", "US$ 300", "1,250.75" (grouped thousands, as the app writes money) and a
 * decimal comma with one or two decimals, "300,50" (as Spanish writes it), also after thousands grouped
 * with dots, "1.250,75" (as the app writes money in Brazilian Portuguese, "US$ 1.250,75"; issue 37). A
 * dot-grouped amount without its decimal comma ("1.250") stays no amount: in English it reads 1.25.
 * Never negative: a sign is not an amount. A number (the /api facade's JSON) is read from its shortest
 * decimal text, so 125.5 is 12550 and 0.1 + 0.2 (0.30000000000000004) is no amount.
 */
export function dollarsToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const v = text.trim().replace(/^(?:US)?\$\s*/i, '');
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(v) ?? /^(\d+|\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(v);
  if (!m) return null;
  const whole = m[1]!.replace(/[,.]/g, '').replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  return Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as the text of a dollars input: 24999 -> "249.99", 50000 -> "500", 1050 -> "10.50". */
export function centsToDollarsInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A percentage as typed ("15", "12.5", "12.25") to basis points (1500, 1250, 1225); null otherwise. */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Basis points as a percentage number: 1500 -> 15, 1250 -> 12.5. */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/**
 * The platform's fee on an amount, in cents: rounded down, as the database's app.platform_fee does, so
 * a quote shown before a hire is the fee the ledger takes.
 */
export function platformFeeCents(amountCents: number, feeBps: number): number {
  return Math.floor((amountCents * feeBps) / 10_000);
}

/** The limits of one payment in cents (Stripe's USD minimum; app.payment_amount and app.price_chargeable hold the same). */
export const MIN_PAYMENT_CENTS = 50;
export const MAX_PAYMENT_CENTS = 99_999_999;

/** Whether a licence or renewal price can be agreed: nothing to charge, or what one payment can carry. */
export function priceChargeable(cents: number | null): boolean {
  return cents !== null && (cents === 0 || (cents >= MIN_PAYMENT_CENTS && cents <= MAX_PAYMENT_CENTS));
}
