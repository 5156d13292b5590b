import { describe, expect, it } from 'vitest';
import { checkoutMode, localCheckoutUrl, parseDollarsToCents, paymentReturnUrl } from './checkout';

describe('checkout mode', () => {
  it('uses Stripe Elements only with a real publishable key', () => {
    expect(checkoutMode('pk_test_51Abc')).toBe('elements');
    expect(checkoutMode('pk_live_51Abc')).toBe('elements');
    expect(checkoutMode('pk_test_local_stripe_double_publishable_key')).toBe('local');
    expect(checkoutMode(undefined)).toBe('local');
    expect(checkoutMode('')).toBe('local');
  });
  it('builds the local checkout and return addresses', () => {
    const url = new URL(localCheckoutUrl('http://127.0.0.1:54321/', 'pi_1_secret_2', paymentReturnUrl('http://127.0.0.1:5173')));
    expect(url.pathname).toBe('/stripe/checkout');
    expect(url.searchParams.get('client_secret')).toBe('pi_1_secret_2');
    expect(url.searchParams.get('return_url')).toBe('http://127.0.0.1:5173/payments/result');
    expect(url.searchParams.has('back_url')).toBe(false);
    const back = new URL(localCheckoutUrl('http://127.0.0.1:54321', 'pi_1_secret_2', paymentReturnUrl('http://127.0.0.1:5173'), '/campaigns/c-1?tab=applications'));
    expect(back.searchParams.get('back_url')).toBe('/campaigns/c-1?tab=applications');
  });
});

describe('parseDollarsToCents', () => {
  it('reads dollars with up to two decimals as integer cents', () => {
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents('$1,200.05')).toBe(120005);
    expect(parseDollarsToCents('0.10')).toBe(10);
    expect(parseDollarsToCents('19.99')).toBe(1999);
  });
  it('refuses anything else', () => {
    for (const bad of ['', '0', '-5', '1.234', 'abc', '1e3', '.5']) expect(parseDollarsToCents(bad)).toBeUndefined();
  });
});
