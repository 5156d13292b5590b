import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET, loadStripeDoubleConfig } from './config.ts';
import { startDouble, startWebhookReceiver, type DoubleHarness } from '../../testkit/stripe.ts';

const RETURN = 'http://localhost:5173/payments/result';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(statuses: number[] = [], env: Record<string, string> = {}, delayMs = 0) {
  const receiver = await startWebhookReceiver(statuses, { delayMs });
  const h = await startDouble({ STRIPE_WEBHOOK_URL: receiver.url, ...env });
  cleanups.push(receiver.close, h.close);
  return { receiver, h, stripe: h.stripe() };
}

/** What the stripe-webhook function will do with each delivery. */
function verify(h: DoubleHarness, body: string, signature: string | string[] | undefined, secret = h.double.config.webhookSecret) {
  return h.stripe().webhooks.constructEvent(body, signature as string, secret);
}

async function payWithVisa(stripe: Stripe) {
  const pi = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { deliverable_id: 'd-9' } });
  return stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa', return_url: RETURN });
}

describe('webhook deliveries', () => {
  it('posts signed events that stripe.webhooks.constructEvent accepts, and only with the right secret', async () => {
    const { receiver, h, stripe } = await setup();
    const pi = await payWithVisa(stripe);
    await h.double.webhooksIdle();
    expect(receiver.events().map((e) => e.type)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
    for (const r of receiver.received) {
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = verify(h, r.body, r.headers['stripe-signature']);
      expect(event.livemode).toBe(false);
      expect(event.api_version).toBe(Stripe.API_VERSION);
    }
    const succeeded = verify(h, receiver.received[2]!.body, receiver.received[2]!.headers['stripe-signature']);
    expect(succeeded.type).toBe('payment_intent.succeeded');
    expect(succeeded.data.object).toMatchObject({ id: pi.id, status: 'succeeded', metadata: { deliverable_id: 'd-9' } });
    expect(() => verify(h, receiver.received[2]!.body, receiver.received[2]!.headers['stripe-signature'], 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verify(h, receiver.received[2]!.body.replace('succeeded', 'canceled'), receiver.received[2]!.headers['stripe-signature'])).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // Delivered events are no longer pending.
    expect((await stripe.events.retrieve(succeeded.id)).pending_webhooks).toBe(0);
  });

  it('sends payment_failed, requires_action, canceled and charge.refunded with their objects', async () => {
    const { receiver, h, stripe } = await setup([], { STRIPE_WEBHOOK_EVENTS: 'payment_intent.payment_failed,payment_intent.requires_action,payment_intent.canceled,charge.refunded' });
    const declined = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    await stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined', return_url: RETURN }).catch(() => undefined);
    const threeDs = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    await stripe.paymentIntents.confirm(threeDs.id, { payment_method: 'pm_card_threeDSecure2Required', return_url: RETURN });
    await stripe.paymentIntents.cancel(threeDs.id);
    const paid = await payWithVisa(stripe);
    await stripe.refunds.create({ payment_intent: paid.id, amount: 1000 });
    await h.double.webhooksIdle();
    const events = receiver.events();
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.payment_failed', 'payment_intent.requires_action', 'payment_intent.canceled', 'charge.refunded',
    ]);
    expect(events[0]!.data.object).toMatchObject({ id: declined.id, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' } });
    expect(events[1]!.data.object).toMatchObject({ id: threeDs.id, status: 'requires_action' });
    expect(events[2]!.data.object).toMatchObject({ id: threeDs.id, status: 'canceled' });
    expect(events[3]!.data.object).toMatchObject({ object: 'charge', id: paid.latest_charge, payment_intent: paid.id, amount_refunded: 1000, refunded: false });
    expect((events[3] as unknown as { data: { previous_attributes: unknown } }).data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
  });

  it('retries after a 500 with the same event id and a fresh signature', async () => {
    const { receiver, h, stripe } = await setup([500], { STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded' });
    await payWithVisa(stripe);
    await h.double.webhooksIdle();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.events();
    expect(second!.id).toBe(first!.id);
    for (const r of receiver.received) expect(verify(h, r.body, r.headers['stripe-signature']).id).toBe(first!.id);
    expect(h.logs.some((l) => l.includes(`${first!.id} (payment_intent.succeeded)`) && l.includes('answered 500'))).toBe(true);
  });

  it('retries after a network error, reading the endpoint URL at each attempt', async () => {
    const { receiver, h, stripe } = await setup([], { STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded', STRIPE_WEBHOOK_RETRY_MS: '200' });
    h.env.STRIPE_WEBHOOK_URL = 'http://127.0.0.1:9/nothing-listens-here';
    await payWithVisa(stripe);
    await expect.poll(() => h.logs.some((l) => l.includes('failed:'))).toBe(true);
    h.env.STRIPE_WEBHOOK_URL = receiver.url;
    await h.double.webhooksIdle();
    expect(receiver.events().map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('gives up after the configured attempts and leaves the event pending', async () => {
    const { receiver, h, stripe } = await setup([500, 500, 500, 500, 500, 500], { STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded', STRIPE_WEBHOOK_MAX_ATTEMPTS: '3' });
    await payWithVisa(stripe);
    await h.double.webhooksIdle();
    expect(receiver.received).toHaveLength(3);
    const id = receiver.events()[0]!.id;
    expect((await stripe.events.retrieve(id)).pending_webhooks).toBe(1);
    expect(h.logs.some((l) => l.includes(`giving up on ${id}`))).toBe(true);
  });

  it('never makes the API wait for the endpoint', async () => {
    const { receiver, h, stripe } = await setup([], { STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded' }, 1500);
    const started = performance.now();
    await payWithVisa(stripe);
    expect(performance.now() - started).toBeLessThan(1000);
    await h.double.webhooksIdle();
    expect(receiver.received).toHaveLength(1);
  });

  it('resends a stored event on request (duplicate delivery), for the secret key only', async () => {
    const { receiver, h, stripe } = await setup([], { STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded' });
    await payWithVisa(stripe);
    await h.double.webhooksIdle();
    const id = receiver.events()[0]!.id;
    const refused = await fetch(`${h.url}/stripe/events/${id}/resend`, { method: 'POST' });
    expect(refused.status).toBe(401);
    const wrong = await fetch(`${h.url}/stripe/events/${id}/resend`, { method: 'POST', headers: { Authorization: 'Bearer sk_test_nope' } });
    expect(wrong.status).toBe(401);
    const res = await fetch(`${h.url}/stripe/events/${id}/resend`, { method: 'POST', headers: { Authorization: `Bearer ${h.double.config.secretKey}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ event: id, webhook_url: receiver.url, response_status: 200 });
    expect(receiver.events().map((e) => e.id)).toEqual([id, id]);
    const unknown = await fetch(`${h.url}/stripe/events/evt_nope/resend`, { method: 'POST', headers: { Authorization: `Bearer ${h.double.config.secretKey}` } });
    expect(unknown.status).toBe(404);
  });
});

describe('webhook settings', () => {
  it('defaults to the stack’s stripe-webhook function, read at send time, and the local secret', () => {
    const stack = loadConfig({ PORT: '54321' });
    const config = loadStripeDoubleConfig(stack, {});
    expect(config.webhookUrl()).toBe('http://localhost:54321/functions/v1/stripe-webhook');
    stack.publicUrl = 'http://127.0.0.1:4000';
    expect(config.webhookUrl()).toBe('http://127.0.0.1:4000/functions/v1/stripe-webhook');
    expect(config.webhookSecret).toBe(LOCAL_STRIPE_WEBHOOK_SECRET);
    expect(config.webhookSecret).toMatch(/^whsec_/);
    expect(config.stateFile).toBe(`${stack.dataDir}/stripe-double.json`);
    expect(loadStripeDoubleConfig(stack, { VITEST: 'true' }).stateFile).toBeUndefined();
    expect(loadStripeDoubleConfig(stack, { STRIPE_STATE_FILE: 'memory' }).stateFile).toBeUndefined();
    expect(() => loadStripeDoubleConfig(stack, { STRIPE_WEBHOOK_RETRY_MS: 'soon' })).toThrow(/STRIPE_WEBHOOK_RETRY_MS/);
  });
});
