import { describe, expect, test } from 'vitest';
import { earningsErrorText, payoutFailureText, percentOfBps } from './earnings-text';

const t = (key: string, values?: Record<string, string | number>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const money = (cents: number) => `<${cents}>`;
// The shape of FunctionError (its module loads nothing heavy, but the screens only read these fields).
const functionError = (code: string, message = '', amounts: Record<string, number> = {}) => ({ name: 'FunctionError', status: 409, code, message, amounts });

describe('earnings texts', () => {
  test("a refused payout is said by the function's code, the minimum in the reader's money format", () => {
    // The minimum is the function's figure (amounts.minimum_cents), never read out of its English sentence.
    expect(earningsErrorText(t, money, functionError('payout_below_minimum', 'below the minimum payout of $9.99', { minimum_cents: 100 }))).toBe(
      'earnings.error.belowMinimumOf {"minimum":"<100>"}',
    );
    expect(earningsErrorText(t, money, functionError('payout_below_minimum', 'Your available balance is below the minimum payout of $1.00'))).toBe('earnings.error.belowMinimum');
    expect(earningsErrorText(t, money, functionError('payout_account_missing', 'Set up your payout account first'))).toBe('earnings.error.payout_account_missing');
    expect(earningsErrorText(t, money, functionError('payout_account_not_ready'))).toBe('earnings.error.payout_account_not_ready');
    // Held for the tax form (issue 36, decision 0044): the reason the creator can act on.
    expect(earningsErrorText(t, money, functionError('tax_form_missing', 'Your payouts are on hold'))).toBe('earnings.error.tax_form_missing');
    expect(earningsErrorText(t, money, functionError('tax_form_expired'))).toBe('earnings.error.tax_form_expired');
    // Over the per-user limit (decision 0030): the 429's code, not its English "Try again in N seconds".
    expect(earningsErrorText(t, money, functionError('rate_limited', 'Too many requests. Try again in 42 seconds.'))).toBe('earnings.error.rate_limited');
  });

  test('a payout Stripe refused says whose side it was; one not yet confirmed says it is still on its way (issue 29)', () => {
    for (const code of ['platform_balance_insufficient', 'payout_refused', 'bank_account_invalid', 'payout_unconfirmed']) {
      expect(earningsErrorText(t, money, { ...functionError(code, 'English sentence'), status: 502 })).toBe(`earnings.error.${code}`);
    }
  });

  test('a payout Stripe did not answer in time (504) is said by its code (issue 31)', () => {
    expect(earningsErrorText(t, money, { ...functionError('stripe_timeout', 'English sentence'), status: 504 })).toBe('earnings.error.stripe_timeout');
  });

  test("a failed payout's line: the platform's refusals in this screen's words, a bank's reason by the shared texts", () => {
    const bank = (code: string | null | undefined) => `bank:${code ?? ''}`;
    expect(payoutFailureText(t, bank, 'platform_balance_insufficient')).toBe('earnings.error.platform_balance_insufficient');
    expect(payoutFailureText(t, bank, 'payout_refused')).toBe('earnings.error.payout_refused');
    expect(payoutFailureText(t, bank, 'payout_method_closed')).toBe('bank:payout_method_closed');
    expect(payoutFailureText(t, bank, 'bank_account_invalid')).toBe('bank:bank_account_invalid');
    expect(payoutFailureText(t, bank, null)).toBe('bank:');
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
