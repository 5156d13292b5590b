import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from './config.ts';
import { startDouble, type DoubleHarness } from '../../testkit/stripe.ts';

// The real stripe-node SDK against the double, configured as the edge functions configure it.
let h: DoubleHarness;
let stripe: Stripe;
const RETURN = 'http://localhost:5173/payments/result';

beforeAll(async () => {
  h = await startDouble({ STRIPE_WEBHOOK_URL: 'http://127.0.0.1:9/unused', STRIPE_WEBHOOK_MAX_ATTEMPTS: '1' });
  stripe = h.stripe();
});
afterAll(() => h.close());

/** A response header; with the fetch client stripe-node hands back the fetch Headers despite its types. */
function header(resource: { lastResponse: { headers: unknown } }, name: string): string | undefined {
  const headers = resource.lastResponse.headers as { get?: (n: string) => string | null } & Record<string, string>;
  return typeof headers.get === 'function' ? (headers.get(name) ?? undefined) : headers[name];
}

async function rejection(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await p;
  } catch (e) {
    return e as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

describe('PaymentIntents through the stripe SDK', () => {
  it('pins the API version of the installed SDK', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('creates a PaymentIntent with Stripe’s shape and retrieves it', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 12_345,
      currency: 'usd',
      metadata: { deliverable_id: 'd-1', brand_id: 'b-1', creator_id: 'c-1' },
      automatic_payment_methods: { enabled: true },
      description: 'Deliverable d-1',
      receipt_email: 'brand@demo.test',
    });
    expect(pi.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_[A-Za-z0-9]+$`));
    expect(pi).toMatchObject({
      object: 'payment_intent', amount: 12_345, currency: 'usd', status: 'requires_payment_method', livemode: false,
      metadata: { deliverable_id: 'd-1', brand_id: 'b-1', creator_id: 'c-1' }, automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
      description: 'Deliverable d-1', receipt_email: 'brand@demo.test', latest_charge: null, last_payment_error: null, amount_received: 0,
    });
    expect(header(pi, 'request-id')).toMatch(/^req_/);
    const again = await stripe.paymentIntents.retrieve(pi.id);
    expect(again.id).toBe(pi.id);
    expect(again.metadata).toEqual(pi.metadata);
  });

  it('confirms with pm_card_visa: succeeded with a charge, expandable', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const done = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa', return_url: RETURN });
    expect(done.status).toBe('succeeded');
    expect(done.amount_received).toBe(5000);
    expect(done.payment_method).toMatch(/^pm_/);
    expect(done.latest_charge).toMatch(/^ch_/);
    const expanded = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    const charge = expanded.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', amount: 5000, status: 'succeeded', paid: true, payment_intent: pi.id, refunded: false });
    expect(charge.payment_method_details?.card?.last4).toBe('4242');
    expect((await stripe.charges.retrieve(charge.id)).id).toBe(charge.id);
  });

  it('refuses a server-side confirm without return_url while redirects are allowed, and allows it when not', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const err = await rejection(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.param).toBe('return_url');
    const noRedirects = await stripe.paymentIntents.create({
      amount: 5000, currency: 'usd', automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect((await stripe.paymentIntents.confirm(noRedirects.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
    const cardOnly = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    expect(cardOnly.status).toBe('succeeded');
    expect(cardOnly.automatic_payment_methods).toBeNull();
    expect(cardOnly.allowed_payment_method_types).toEqual(['card']);
    // Earlier API versions' name for the list is unknown at this version, as in Stripe.
    const legacy = await rejection(stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method_types: ['card'] } as Stripe.PaymentIntentCreateParams));
    expect(legacy).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
  });

  it('replays an idempotent create and refuses the key with other parameters', async () => {
    const key = `deliverable-${Date.now()}`;
    const first = await stripe.paymentIntents.create({ amount: 7000, currency: 'usd', metadata: { deliverable_id: 'd-2' } }, { idempotencyKey: key });
    const second = await stripe.paymentIntents.create({ amount: 7000, currency: 'usd', metadata: { deliverable_id: 'd-2' } }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.client_secret).toBe(first.client_secret);
    expect(header(second, 'idempotent-replayed')).toBe('true');
    expect(header(second, 'original-request')).toBe(header(first, 'request-id'));
    const all = await stripe.paymentIntents.list({ limit: 100 });
    expect(all.data.filter((p) => p.metadata.deliverable_id === 'd-2')).toHaveLength(1);

    const err = await rejection(stripe.paymentIntents.create({ amount: 8000, currency: 'usd', metadata: { deliverable_id: 'd-2' } }, { idempotencyKey: key }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err.type).toBe('StripeIdempotencyError');
    expect(err.message).toContain('can only be used with the same parameters');
    const otherEndpoint = await rejection(stripe.refunds.create({ payment_intent: first.id }, { idempotencyKey: key }));
    expect(otherEndpoint).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(otherEndpoint.message).toContain('same endpoint');
  });

  it('does not save a validation failure under its idempotency key', async () => {
    const key = `bad-then-good-${Date.now()}`;
    const bad = await rejection(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }, { idempotencyKey: key }));
    expect(bad.code).toBe('amount_too_small');
    expect(bad.message).toBe('Amount must be at least $0.50 usd');
    const good = await stripe.paymentIntents.create({ amount: 10, currency: 'usd' }, { idempotencyKey: key }).catch((e: Stripe.errors.StripeError) => e);
    // Same parameters again: still validated afresh, not replayed from a saved result.
    expect((good as Stripe.errors.StripeError).code).toBe('amount_too_small');
  });

  it('declines pm_card_chargeDeclined with a StripeCardError and a failed PaymentIntent', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const err = await rejection(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined', return_url: RETURN }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err.statusCode).toBe(402);
    expect(err).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(err.charge).toMatch(/^ch_/);
    expect((err.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', charge: err.charge });
    expect((await stripe.charges.retrieve(err.charge!)).status).toBe('failed');
    // The payer may try again with another card.
    expect((await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa', return_url: RETURN })).status).toBe('succeeded');
  });

  it('asks for authentication with pm_card_threeDSecure2Required', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const pending = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_threeDSecure2Required', return_url: RETURN });
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action?.type).toBe('redirect_to_url');
    expect(pending.next_action?.redirect_to_url).toEqual({
      return_url: RETURN,
      url: `${h.url}/stripe/authenticate?client_secret=${encodeURIComponent(pi.client_secret!)}`,
    });
  });

  it('updates amount and metadata while open, and refuses an amount change once succeeded', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', metadata: { a: '1', b: '2' } });
    const updated = await stripe.paymentIntents.update(pi.id, { amount: 6000, metadata: { b: '', c: '3' } });
    expect(updated.amount).toBe(6000);
    expect(updated.metadata).toEqual({ a: '1', c: '3' });
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa', return_url: RETURN });
    const err = await rejection(stripe.paymentIntents.update(pi.id, { amount: 7000 }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.code).toBe('payment_intent_unexpected_state');
    expect((await stripe.paymentIntents.update(pi.id, { metadata: { note: 'paid' } })).metadata.note).toBe('paid');
  });

  it('cancels an open PaymentIntent and refuses to cancel or confirm a finished one', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toBeGreaterThan(0);
    const confirmErr = await rejection(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa', return_url: RETURN }));
    expect(confirmErr.code).toBe('payment_intent_unexpected_state');
    const paid = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const cancelErr = await rejection(stripe.paymentIntents.cancel(paid.id));
    expect(cancelErr).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(cancelErr.message).toContain('status of succeeded');
  });

  it('refunds fully or in parts and refuses over-refunds and unpaid intents', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 10_000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 2500, reason: 'requested_by_customer' });
    expect(part).toMatchObject({ object: 'refund', amount: 2500, status: 'succeeded', payment_intent: pi.id, charge: pi.latest_charge, reason: 'requested_by_customer' });
    expect((await stripe.refunds.retrieve(part.id)).id).toBe(part.id);
    const tooMuch = await rejection(stripe.refunds.create({ payment_intent: pi.id, amount: 9000 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch.message).toBe('Refund amount ($90.00) is greater than unrefunded amount on charge ($75.00)');
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(7500);
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect((await rejection(stripe.refunds.create({ payment_intent: pi.id }))).code).toBe('charge_already_refunded');
    const listed = await stripe.refunds.list({ payment_intent: pi.id });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, part.id]);
    const unpaid = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    expect((await rejection(stripe.refunds.create({ payment_intent: unpaid.id }))).message).toContain('does not have a successful charge to refund');
  });

  it('lists newest first and pages with starting_after', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await stripe.paymentIntents.create({ amount: 1000 + i, currency: 'usd', metadata: { page: 'yes' } })).id);
    const first = await stripe.paymentIntents.list({ limit: 2 });
    expect(first.object).toBe('list');
    expect(first.url).toBe('/v1/payment_intents');
    expect(first.has_more).toBe(true);
    expect(first.data.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    const next = await stripe.paymentIntents.list({ limit: 2, starting_after: ids[3] });
    expect(next.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const all = await stripe.paymentIntents.list({ limit: 3 }).autoPagingToArray({ limit: 1000 });
    const mine = all.filter((p) => p.metadata.page === 'yes').map((p) => p.id);
    expect(mine).toEqual([...ids].reverse());
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect((await rejection(stripe.paymentIntents.list({ limit: 101 }))).param).toBe('limit');
    expect((await rejection(stripe.paymentIntents.list({ starting_after: 'pi_nope' }))).code).toBe('resource_missing');
  });

  it('records events for each change, retrievable and listable by type', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 4200, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const events = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const mine = events.data.find((e) => (e.data.object as Stripe.PaymentIntent).id === pi.id)!;
    expect(mine).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false, api_version: Stripe.API_VERSION });
    expect(mine.id).toMatch(/^evt_/);
    expect(mine.request?.id).toMatch(/^req_/);
    expect((mine.data.object as Stripe.PaymentIntent).status).toBe('succeeded');
    expect((await stripe.events.retrieve(mine.id)).id).toBe(mine.id);
    const family = await stripe.events.list({ type: 'payment_intent.*', limit: 100 });
    expect(family.data.every((e) => e.type.startsWith('payment_intent.'))).toBe(true);
    expect(family.data.some((e) => e.type === 'payment_intent.created')).toBe(true);
  });

  it('answers Stripe’s error shapes: unknown ids, missing and unknown parameters, bad keys', async () => {
    const missing = await rejection(stripe.paymentIntents.retrieve('pi_doesnotexist'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_doesnotexist'" });
    const noAmount = await rejection(stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams));
    expect(noAmount).toMatchObject({ code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
    const unknown = await rejection(stripe.paymentIntents.create({ amount: 5000, currency: 'usd', customer: 'cus_1' }));
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'customer' });
    expect((await rejection(stripe.paymentIntents.confirm('pi_x', { payment_method: 'pm_card_nope' }))).code).toBe('resource_missing');
    const badPm = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    expect((await rejection(stripe.paymentIntents.confirm(badPm.id, { payment_method: 'pm_card_nope', return_url: RETURN }))).param).toBe('payment_method');

    const wrongKey = await rejection(h.stripe('sk_test_wrongwrongwrong1234').paymentIntents.list());
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrongKey.message).toBe(`Invalid API Key provided: sk_test_${'*'.repeat(15)}1234`);
    const publishable = await rejection(h.stripe(h.double.config.publishableKey).paymentIntents.list());
    expect(publishable).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(publishable.message).toContain('publishable API key');
  });

  it('answers a request without a key, and an unknown path, as Stripe does', async () => {
    const noKey = await fetch(`${h.url}/v1/payment_intents`);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key'),
    });
    const basic = await fetch(`${h.url}/v1/payment_intents?limit=1`, {
      headers: { Authorization: `Basic ${Buffer.from(`${h.double.config.secretKey}:`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    const unknown = await fetch(`${h.url}/v1/customers`, { headers: { Authorization: `Bearer ${h.double.config.secretKey}` } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('Unrecognized request URL (GET: /v1/customers)');
  });
});
