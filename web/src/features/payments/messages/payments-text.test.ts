import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatters } from '@/i18n/format';
import { compensationKey, intentText, paymentErrorText, paymentStatusKey } from './payments-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

/** Fills the arguments into the English message, as the app would. */
const tEn = (key: string, values: Record<string, string | number> = {}) => en[key]!.replace(/\{(\w+)\}/g, (_, n: string) => String(values[n]));
const t = (key: string) => key;
/** A FunctionError's shape (lib/function-error's class), as the payments function answers. */
const functionError = (code: string, message: string) => ({ name: 'FunctionError', status: 409, code, message });

describe('paymentErrorText', () => {
  test('a Stripe that did not answer in time (504 stripe_timeout) says to try again, in both languages (issue 31)', () => {
    const timeout = { ...functionError('stripe_timeout', 'The payment provider did not answer in time.'), status: 504 };
    expect(paymentErrorText(tEn, formatters('en'), timeout)).toBe('The payment provider did not answer in time. Nothing was charged twice: try again.');
    const tEs = (key: string) => es[key]!;
    expect(paymentErrorText(tEs, formatters('es'), timeout)).toBe('El proveedor de pagos no respondió a tiempo. No se cobró nada dos veces: inténtalo de nuevo.');
  });

  test("says the function's reason by its code, never its sentence", () => {
    expect(paymentErrorText(t, formatters('es'), functionError('already_paid', 'This content has already been paid'))).toBe('payments.error.already_paid');
    expect(paymentErrorText(t, formatters('es'), functionError('network_error', 'Failed to fetch'))).toBe('payments.error.network_error');
    expect(paymentErrorText(t, formatters('es'), functionError('internal', 'Unexpected error'))).toBe('payments.error.issue');
    expect(paymentErrorText(t, formatters('es'), null)).toBe('payments.error.issue');
  });

  test("in English the limits read as the database's sentences", () => {
    expect(paymentErrorText(tEn, formatters('en'), functionError('amount_too_small', ''))).toBe('The minimum payment is $0.50');
    expect(paymentErrorText(tEn, formatters('en'), functionError('amount_too_large', ''))).toBe('The maximum payment is $999,999.99');
  });
});

describe('intentText', () => {
  test("a declined card keeps Stripe's own words for English readers only", () => {
    const declined = { status: 'requires_payment_method', message: 'Your card was declined.' };
    expect(intentText(t, 'en', declined)).toBe('Your card was declined.');
    expect(intentText(t, 'es', declined)).toBe('payments.result.intent.requires_payment_method');
  });

  test('other outcomes by their status', () => {
    expect(intentText(t, 'en', { status: 'processing', message: 'Your payment is processing…' })).toBe('payments.result.intent.processing');
    expect(intentText(t, 'es', { status: 'refunded', message: 'This payment was refunded.' })).toBe('payments.result.intent.refunded');
    expect(intentText(t, 'es', { status: 'something_new', message: 'x' })).toBe('payments.error.issue');
    expect(intentText(t, 'es', undefined)).toBe('payments.error.issue');
  });
});

describe('labels', () => {
  test('statuses as the spec shows them, anything else failed', () => {
    expect(['completed', 'pending', 'refunded', 'failed', 'weird'].map(paymentStatusKey)).toEqual([
      'payments.status.completed',
      'payments.status.pending',
      'payments.status.refunded',
      'payments.status.failed',
      'payments.status.failed',
    ]);
  });

  test("compensation types as lib/format's spec labels, translated in Spanish", () => {
    expect(['flat_fee', 'product', 'performance'].map((c) => en[compensationKey(c)])).toEqual(['Flat fee', 'Product exchange', 'Performance based']);
    expect(es[compensationKey('flat_fee')]).toBe('Tarifa fija');
  });
});
