import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCardForm } from './card-form.ts';
import { startDouble, startWebhookReceiver, type DoubleHarness } from '../../testkit/stripe.ts';

let h: DoubleHarness;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const RETURN = 'http://localhost:5173/payments/result';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  h = await startDouble({ STRIPE_WEBHOOK_URL: receiver.url, STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded,payment_intent.payment_failed' });
  stripe = h.stripe();
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

async function newIntent(amount = 12_345) {
  return stripe.paymentIntents.create({ amount, currency: 'usd', metadata: { deliverable_id: 'd-1' } });
}

function checkoutUrl(pi: Stripe.PaymentIntent, returnUrl = RETURN) {
  return `${h.url}/stripe/checkout?client_secret=${encodeURIComponent(pi.client_secret!)}&return_url=${encodeURIComponent(returnUrl)}`;
}

function submit(path: string, fields: Record<string, string>) {
  return fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

function pay(pi: Stripe.PaymentIntent, cardNumber: string, returnUrl = RETURN, extra: Record<string, string> = {}) {
  return submit('/stripe/checkout', { client_secret: pi.client_secret!, return_url: returnUrl, card_number: cardNumber, expiry: '12 / 34', cvc: '123', ...extra });
}

function expectedRedirect(pi: Stripe.PaymentIntent, status: string, base = RETURN) {
  return `${base}?payment_intent=${pi.id}&payment_intent_client_secret=${pi.client_secret}&redirect_status=${status}`;
}

describe('test checkout page', () => {
  it('serves an accessible form with the amount, the test cards and strict headers', async () => {
    const pi = await newIntent();
    const res = await fetch(checkoutUrl(pi));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'nonce-[^']+'; form-action 'self' http:\/\/localhost:5173; frame-ancestors 'none'/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<button type="submit">Pay $123.45</button>');
    for (const [id, label] of [['card-number', 'Card number'], ['expiry', 'Expiration date (MM / YY)'], ['cvc', 'Security code (CVC)']]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}"`);
    }
    expect(html).toContain('4242 4242 4242 4242</code>: Payment succeeds');
    expect(html).toContain('4000 0000 0000 0002</code>: Card is declined');
    expect(html).toContain('4000 0025 0000 3155</code>: Requires authentication (3-D Secure)');
    expect(html).not.toMatch(/<(script|link|img)\b/);
    expect(html).not.toMatch(/https?:\/\/(?!localhost:5173)/);
  });

  it('pays with 4242 4242 4242 4242 and redirects exactly like Stripe', async () => {
    const pi = await newIntent();
    const res = await pay(pi, '4242 4242 4242 4242');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(expectedRedirect(pi, 'succeeded'));
    const after = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(after.status).toBe('succeeded');
    expect((after.latest_charge as Stripe.Charge).payment_method_details?.card).toMatchObject({ last4: '4242', exp_month: 12, exp_year: 2034 });
    // A second submit (double click, back button) does not pay twice: it goes to the result again.
    const again = await pay(pi, '4242424242424242');
    expect(again.headers.get('location')).toBe(expectedRedirect(pi, 'succeeded'));
    expect((await fetch(checkoutUrl(pi), { redirect: 'manual' })).headers.get('location')).toBe(expectedRedirect(pi, 'succeeded'));
    await h.double.webhooksIdle();
    expect(receiver.events().filter((e) => e.data.object.id === pi.id).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('keeps the return URL’s own query and the stack’s origin', async () => {
    const pi = await newIntent();
    const base = `${h.url}/payments/result?from=checkout`;
    const res = await pay(pi, '4242424242424242', base);
    expect(res.headers.get('location')).toBe(`${h.url}/payments/result?from=checkout&payment_intent=${pi.id}&payment_intent_client_secret=${pi.client_secret}&redirect_status=succeeded`);
  });

  it('re-renders a declined card with Stripe’s message, keeping all but the CVC', async () => {
    const pi = await newIntent();
    const res = await pay(pi, '4000 0000 0000 0002');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div class="alert" role="alert" id="form-error">Your card was declined.</div>');
    expect(html).toContain('name="card_number" value="4000 0000 0000 0002"');
    expect(html).toContain('name="expiry" value="12 / 34"');
    expect(html).toContain('name="cvc" value=""');
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    // Then paying with a good card works on the same PaymentIntent.
    expect((await pay(pi, '4242424242424242')).headers.get('location')).toBe(expectedRedirect(pi, 'succeeded'));
  });

  it('declines a real (non-test) card number as test mode does, and flags invalid fields without calling Stripe', async () => {
    const pi = await newIntent();
    const live = await (await pay(pi, '4111 1111 1111 1111')).text();
    expect(live).toContain('Your request was in test mode, but used a non test (live) card.');
    const invalid = await (await pay(pi, '4242 4242 4242 4241', RETURN, { expiry: '13/30', cvc: '1' })).text();
    expect(invalid).toContain('aria-invalid="true" aria-describedby="card-number-error"');
    expect(invalid).toContain('<p class="field-error" id="card-number-error">Your card number is invalid.</p>');
    expect(invalid).toContain("Your card&#39;s expiration date is invalid.");
    expect(invalid).toContain("Your card&#39;s security code is incomplete.");
    expect((await stripe.paymentIntents.retrieve(pi.id)).last_payment_error?.decline_code).toBe('live_mode_test_card');
  });

  it('authenticates 4000 0025 0000 3155 on the 3-D Secure page: Complete succeeds', async () => {
    const pi = await newIntent();
    const res = await pay(pi, '4000 0025 0000 3155');
    expect(res.status).toBe(303);
    const authPath = `/stripe/authenticate?client_secret=${encodeURIComponent(pi.client_secret!)}`;
    expect(res.headers.get('location')).toBe(authPath);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_action');
    const page = await (await fetch(`${h.url}${authPath}`)).text();
    expect(page).toContain('<button type="submit" name="action" value="complete">Complete authentication</button>');
    expect(page).toContain('<button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>');
    expect(page).toContain('$123.45');
    const done = await submit('/stripe/authenticate', { client_secret: pi.client_secret!, action: 'complete' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(expectedRedirect(pi, 'succeeded'));
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('authenticates on the 3-D Secure page: Fail returns redirect_status=failed', async () => {
    const pi = await newIntent();
    await pay(pi, '4000002500003155');
    const failed = await submit('/stripe/authenticate', { client_secret: pi.client_secret!, action: 'fail' });
    expect(failed.headers.get('location')).toBe(expectedRedirect(pi, 'failed'));
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    await h.double.webhooksIdle();
    expect(receiver.events().filter((e) => e.data.object.id === pi.id).map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
    const nothing = await fetch(`${h.url}/stripe/authenticate?client_secret=${encodeURIComponent(pi.client_secret!)}`);
    expect(nothing.status).toBe(409);
  });

  it('refuses return URLs that would make it an open redirect', async () => {
    const pi = await newIntent();
    for (const bad of ['https://evil.example/steal', 'javascript:alert(1)', '//evil.example/x', 'http://user:pw@localhost/x', 'ftp://localhost/x', '']) {
      const page = await fetch(checkoutUrl(pi, bad), { redirect: 'manual' });
      expect(page.status, bad).toBe(400);
      expect(await page.text()).toContain('The return_url must be an http(s) address');
      const post = await pay(pi, '4242424242424242', bad);
      expect(post.status, bad).toBe(400);
      expect(post.headers.get('location')).toBeNull();
    }
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    for (const good of [RETURN, 'http://127.0.0.1:8080/x', `${h.url}/payments/result`]) {
      expect((await fetch(checkoutUrl(pi, good))).status, good).toBe(200);
    }
  });

  it('does not redirect to a foreign return_url set through the API after authentication', async () => {
    const pi = await newIntent();
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_authenticationRequired', return_url: 'https://evil.example/x' });
    const res = await submit('/stripe/authenticate', { client_secret: pi.client_secret!, action: 'complete' });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Payment confirmed');
  });

  it('refuses unknown or mismatched client secrets and canceled payments', async () => {
    const pi = await newIntent();
    const forged = `${pi.id}_secret_forged`;
    expect((await fetch(`${h.url}/stripe/checkout?client_secret=${forged}&return_url=${encodeURIComponent(RETURN)}`)).status).toBe(404);
    expect((await pay({ ...pi, client_secret: forged } as Stripe.PaymentIntent, '4242424242424242')).status).toBe(404);
    expect((await submit('/stripe/authenticate', { client_secret: forged, action: 'complete' })).status).toBe(404);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    await stripe.paymentIntents.cancel(pi.id);
    expect((await fetch(checkoutUrl(pi))).status).toBe(409);
    expect((await fetch(`${h.url}/stripe/nowhere`)).status).toBe(404);
  });
});

describe('what is paid for and the way back to the campaign', () => {
  const BACK = '/campaigns/c-1';

  it('names what is paid for and links back to the campaign, also after a declined card', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', description: 'Summer Glow — Ana Pérez', statement_descriptor_suffix: 'Summer Glow' });
    const first = await (await fetch(`${checkoutUrl(pi)}&back_url=${encodeURIComponent(BACK)}`)).text();
    expect(first).toContain('<p id="paid-for">For: <strong>Summer Glow — Ana Pérez</strong></p>');
    expect(first).toContain('<a href="http://localhost:5173/campaigns/c-1" id="back-to-campaign">Back to the campaign</a>');
    expect(first).toContain('<input type="hidden" name="back_url" value="/campaigns/c-1">');
    const declined = await pay(pi, '4000000000000002', RETURN, { back_url: BACK });
    const html = await declined.text();
    expect(html).toContain('Your card was declined.');
    expect(html).toContain('Summer Glow — Ana Pérez');
    expect(html).toContain('<a href="http://localhost:5173/campaigns/c-1" id="back-to-campaign">Back to the campaign</a>');
  });

  it('refuses a way back off the return site', async () => {
    const pi = await newIntent();
    for (const back of ['//evil.example/x', 'https://evil.example/', 'campaigns/c-1', '/\\evil.example']) {
      const res = await fetch(`${checkoutUrl(pi)}&back_url=${encodeURIComponent(back)}`);
      expect(res.status, back).toBe(400);
      expect(await res.text()).toContain('Invalid back address');
    }
    const posted = await pay(pi, '4242424242424242', RETURN, { back_url: '//evil.example' });
    expect(posted.status).toBe(400);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });
});

describe('statement descriptor suffix', () => {
  it('is stored, returned and carried to the charge', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', statement_descriptor_suffix: 'Summer Glow Launch' });
    expect(pi.statement_descriptor_suffix).toBe('Summer Glow Launch');
    expect((await stripe.paymentIntents.retrieve(pi.id)).statement_descriptor_suffix).toBe('Summer Glow Launch');
    const updated = await stripe.paymentIntents.update(pi.id, { statement_descriptor_suffix: 'Winter' });
    expect(updated.statement_descriptor_suffix).toBe('Winter');
    const paid = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa', return_url: RETURN, expand: ['latest_charge'] });
    const charge = paid.latest_charge as Stripe.Charge;
    expect(charge.statement_descriptor_suffix).toBe('Winter');
    expect(charge.calculated_statement_descriptor).toBe('LOCAL* Winter');
  });

  it('is refused as Stripe refuses it: too long, forbidden characters, not Latin, no letter', async () => {
    for (const bad of ['x'.repeat(23), 'Glow*', 'Say "hi"', "O'Brien", 'a<b', 'Café', '12345']) {
      const err = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', statement_descriptor_suffix: bad }).then(
        () => undefined,
        (e: Stripe.errors.StripeError) => e,
      );
      expect(err?.type, bad).toBe('StripeInvalidRequestError');
      expect(err?.param, bad).toBe('statement_descriptor_suffix');
    }
  });
});

describe('card form checks', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('accepts a test card with a future date and maps it to its outcome', () => {
    expect(readCardForm({ cardNumber: '4000 0000 0000 0002', expiry: '11/26', cvc: '123' }, now)).toMatchObject({
      card: { outcome: { kind: 'decline', declineCode: 'generic_decline' } }, expMonth: 11, expYear: 2026,
    });
  });
  it('reports incomplete and past values with Elements’ messages', () => {
    expect(readCardForm({ cardNumber: '4242', expiry: '', cvc: '' }, now)).toEqual({
      errors: {
        cardNumber: 'Your card number is incomplete.',
        expiry: "Your card's expiration date is incomplete.",
        cvc: "Your card's security code is incomplete.",
      },
    });
    expect(readCardForm({ cardNumber: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toEqual({ errors: { expiry: "Your card's expiration date is in the past." } });
    expect(readCardForm({ cardNumber: '4242424242424242', expiry: '10/25', cvc: '123' }, now)).toEqual({ errors: { expiry: "Your card's expiration year is in the past." } });
  });
});
