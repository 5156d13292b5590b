import { describe, expect, test } from 'vitest';
import { earningsErrorText, percentOfBps } from './earnings-text';

const t = (key: string, values?: Record<string, string | number>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const money = (cents: number) => `<${cents}>`;
// The shape of FunctionError (its module loads nothing heavy, but the screens only read these fields).
const functionError = (code: string, message = '') => ({ name: 'FunctionError', status: 409, code, message });

describe('earnings texts', () => {
  test("a refused payout is said by the function's code, the minimum in the reader's money format", () => {
    expect(earningsErrorText(t, money, functionError('payout_below_minimum', 'Your available balance is below the minimum payout of $1.00'))).toBe(
      'earnings.error.belowMinimumOf {"minimum":"<100>"}',
    );
    expect(earningsErrorText(t, money, functionError('payout_below_minimum', 'Too little'))).toBe('earnings.error.belowMinimum');
    expect(earningsErrorText(t, money, functionError('payout_account_missing', 'Set up your payout account first'))).toBe('earnings.error.payout_account_missing');
    expect(earningsErrorText(t, money, functionError('payout_account_not_ready'))).toBe('earnings.error.payout_account_not_ready');
    // Over the per-user limit (decision 0030): the 429's code, not its English "Try again in N seconds".
    expect(earningsErrorText(t, money, functionError('rate_limited', 'Too many requests. Try again in 42 seconds.'))).toBe('earnings.error.rate_limited');
  });

  test('no answer says the network; anything else the generic message, never the English sentence', () => {
    expect(earningsErrorText(t, money, functionError('network_error', 'Failed to fetch'))).toBe('earnings.error.network');
    expect(earningsErrorText(t, money, functionError('internal', 'Stripe exploded'))).toBe('earnings.error.unknown');
    expect(earningsErrorText(t, money, null)).toBe('earnings.error.unknown');
  });

  test('a fee in basis points reads as a percentage in each language', () => {
    expect(percentOfBps(1500, 'en')).toBe('15%');
    expect(percentOfBps(1250, 'en')).toBe('12.5%');
    // Spanish spacing differs between ICU versions ("15%" / "15 %"): the number and the sign are what count.
    expect(percentOfBps(1500, 'es')).toMatch(/^15\s?%$/);
    expect(percentOfBps(1250, 'es')).toMatch(/^12[.,]5\s?%$/);
    expect(percentOfBps(0, 'en')).toBe('0%');
  });
});
