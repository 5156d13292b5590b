/** An amount in dollars as people type it: digits, optionally a point and up to two decimals. */
export const DOLLARS_PATTERN = /^\s*\d{1,10}(?:\.\d{0,2})?\s*$/;

/**
 * "249.99" -> 24999 cents, from the text (never through floating point, where 0.29 * 100 is
 * 28.999999999999996). Null when the text is not an amount DOLLARS_PATTERN accepts.
 */
export function dollarsToCents(text: string): number | null {
  if (!DOLLARS_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 24999 -> "249.99", 50000 -> "500", for the compensation input of the edit form. */
export function centsToDollarsInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
