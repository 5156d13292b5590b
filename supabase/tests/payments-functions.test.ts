import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from '../../testkit/runtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { ids } from '../../testkit/db/personas.ts';

// The `payments` and `stripe-webhook` edge functions under Deno, on the whole local stack with the
// Stripe test double, over HTTP as the web app and Stripe reach them.

let t: TestStack;
let stripe: Stripe;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestStack({ seed: true });
  const port = Number(new URL(t.url).port);
  stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 });
  for (const [name, email] of [['brand', 'brand@demo.test'], ['otherBrand', 'trailpeak@demo.test'], ['creator', 'creator@demo.test'], ['admin', 'admin@demo.test']]) {
    const { data, error } = await t.client().auth.signInWithPassword({ email: email!, password: 'password123' });
    if (error) throw error;
    tokens[name!] = data.session!.access_token;
  }
}, 180_000);
afterAll(async () => {
  delete process.env.STRIPE_WEBHOOK_URL;
  await t?.close();
});

/** A new approved deliverable for a seed application (1: GlowLab flat fee $500; 7: GlowLab performance). */
async function approvedDeliverable(application: number): Promise<string> {
  const { rows } = await t.database.db.query<{ id: string }>(
    `insert into app.deliverables (application_id, content_url, status) values ($1, $2, 'approved') returning id`,
    [ids.application(application), `https://example.com/content/${Math.random().toString(36).slice(2)}`],
  );
  return rows[0]!.id;
}

async function call(method: string, path: string, who: string | null, body?: unknown) {
  const headers: Record<string, string> = { apikey: t.anonKey, 'content-type': 'application/json' };
  if (who) headers.authorization = `Bearer ${who === 'anon' ? t.anonKey : tokens[who]}`;
  const res = await fetch(`${t.url}/functions/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    // plain text answers (gateway)
  }
  return { status: res.status, body: json };
}
const create = (who: string | null, body: unknown) => call('POST', 'payments/create', who, body);
const status = (who: string | null, pi: string) => call('GET', `payments/status?payment_intent=${encodeURIComponent(pi)}`, who);

async function paymentsOf(deliverableId: string) {
  const { rows } = await t.database.db.query<{ status: string; stripe_payment_id: string; stripe_status: string; amount_cents: string; payment_date: string | null }>(
    `select status, stripe_payment_id, stripe_status, amount_cents, payment_date from app.payments where deliverable_id = $1 order by created_at`,
    [deliverableId],
  );
  return rows;
}

/** Waits (without asserting on speed) until the deliverable's payments satisfy the check. */
async function eventually(deliverableId: string, check: (rows: Awaited<ReturnType<typeof paymentsOf>>) => boolean) {
  for (let i = 0; i < 300; i++) {
    const rows = await paymentsOf(deliverableId);
    if (check(rows)) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`payments of ${deliverableId} never matched: ${JSON.stringify(await paymentsOf(deliverableId))}`);
}

async function sendEvent(event: object, secret = LOCAL_STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${t.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body: payload });
  return { status: res.status, body: await res.json() };
}

const returnUrl = () => `${t.url}/payments/result`;

describe('POST /payments/create refuses', () => {
  test('no token, the anon key, a creator, another brand, an admin', async () => {
    const d = await approvedDeliverable(1);
    expect((await create(null, { deliverableId: d })).status).toBe(401);
    expect((await create('anon', { deliverableId: d })).status).toBe(401);
    expect(await create('creator', { deliverableId: d })).toMatchObject({ status: 403, body: { code: 'not_owner' } });
    expect(await create('otherBrand', { deliverableId: d })).toMatchObject({ status: 404, body: { code: 'deliverable_not_found' } });
    expect(await create('admin', { deliverableId: d })).toMatchObject({ status: 403 });
    expect(await paymentsOf(d)).toEqual([]);
  });

  test('unapproved content, already paid content, bad input', async () => {
    expect(await create('brand', { deliverableId: ids.deliverable(2) })).toMatchObject({ status: 409, body: { code: 'deliverable_not_approved' } });
    expect(await create('brand', { deliverableId: ids.deliverable(1) })).toMatchObject({ status: 409, body: { code: 'already_paid', message: 'This content has already been paid' } });
    expect(await create('brand', { deliverableId: 'nope' })).toMatchObject({ status: 400, body: { field: 'deliverableId' } });
    expect(await create('brand', { deliverableId: ids.deliverable(2), amountCents: 1.5 })).toMatchObject({ status: 400, body: { field: 'amountCents' } });
    expect((await call('GET', 'payments/create', 'brand')).status).toBe(405);
    expect((await call('GET', 'payments/elsewhere', 'brand')).status).toBe(404);
  });
});

describe('paying a deliverable', () => {
  test('create is idempotent, also when concurrent; paying completes it through the webhook', async () => {
    const d = await approvedDeliverable(1);
    const results = await Promise.all([create('brand', { deliverableId: d }), create('brand', { deliverableId: d }), create('brand', { deliverableId: d })]);
    for (const r of results) expect(r.status).toBe(200);
    const first = results[0]!.body;
    expect(first).toMatchObject({ amountCents: 50000, paymentIntentId: expect.stringMatching(/^pi_/), clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    expect(new Set(results.map((r) => r.body.paymentIntentId)).size).toBe(1);
    const again = await create('brand', { deliverableId: d });
    expect(again.body.paymentIntentId).toBe(first.paymentIntentId);
    expect(await paymentsOf(d)).toMatchObject([{ status: 'pending', stripe_payment_id: first.paymentIntentId }]);

    const pi = await stripe.paymentIntents.retrieve(first.paymentIntentId);
    expect(pi).toMatchObject({ amount: 50000, currency: 'usd', automatic_payment_methods: { enabled: true } });
    expect(pi.metadata).toMatchObject({ deliverable_id: d, brand_id: ids.brand, creator_id: ids.creator });

    // Paid, and the browser never comes back: the webhook alone completes it.
    await stripe.paymentIntents.confirm(first.paymentIntentId, { payment_method: 'pm_card_visa', return_url: returnUrl() });
    const rows = await eventually(d, (r) => r[0]?.status === 'completed');
    expect(rows[0]!.payment_date).not.toBeNull();

    // A second payment is refused.
    expect(await create('brand', { deliverableId: d })).toMatchObject({ status: 409, body: { code: 'already_paid' } });
    expect(await paymentsOf(d)).toHaveLength(1);

    // The status check answers the paying brand only.
    expect(await status('brand', first.paymentIntentId)).toEqual({
      status: 200,
      body: {
        status: 'succeeded', amount: 50000, deliverableId: d, campaignTitle: 'Morning Glow Serum Launch', message: 'Payment successful',
        applicationId: ids.application(1), campaignId: ids.campaign(1),
      },
    });
    expect((await status('creator', first.paymentIntentId)).status).toBe(403);
    expect((await status('otherBrand', first.paymentIntentId)).status).toBe(404);
    expect((await status('anon', first.paymentIntentId)).status).toBe(401);
    expect(await call('GET', 'payments/status', 'brand')).toMatchObject({ status: 400, body: { message: 'No payment information found' } });
    expect((await status('brand', 'pi_unknown123')).status).toBe(404);
  });

  test('a declined card fails the attempt; a retry with the same intent succeeds', async () => {
    const d = await approvedDeliverable(1);
    const { body } = await create('brand', { deliverableId: d });
    await expect(stripe.paymentIntents.confirm(body.paymentIntentId, { payment_method: 'pm_card_chargeDeclined', return_url: returnUrl() })).rejects.toThrow(/declined/);
    await eventually(d, (r) => r[0]?.status === 'failed');
    expect(await status('brand', body.paymentIntentId)).toMatchObject({ body: { status: 'requires_payment_method', message: 'Your card was declined.' } });
    // Trying again reuses the same PaymentIntent (it can still be paid).
    expect((await create('brand', { deliverableId: d })).body.paymentIntentId).toBe(body.paymentIntentId);
    await stripe.paymentIntents.confirm(body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: returnUrl() });
    await eventually(d, (r) => r.length === 1 && r[0]!.status === 'completed');
  });

  test('the status check reconciles when the webhook has not arrived', async () => {
    const d = await approvedDeliverable(1);
    const { body } = await create('brand', { deliverableId: d });
    // Deliveries fail for now (Stripe retries them later); only the status check can complete the payment.
    process.env.STRIPE_WEBHOOK_URL = 'http://127.0.0.1:9/unreachable';
    try {
      await stripe.paymentIntents.confirm(body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: returnUrl() });
      expect((await paymentsOf(d))[0]!.status).toBe('pending');
      expect((await status('brand', body.paymentIntentId)).body.status).toBe('succeeded');
      expect((await paymentsOf(d))[0]!.status).toBe('completed');
    } finally {
      delete process.env.STRIPE_WEBHOOK_URL;
    }
  });

  test('a new amount cancels the open intent first (performance-based pay)', async () => {
    const d = await approvedDeliverable(7);
    expect(await create('brand', { deliverableId: d })).toMatchObject({ status: 400, body: { code: 'amount_required' } });
    const a = (await create('brand', { deliverableId: d, amountCents: 1000 })).body;
    const b = (await create('brand', { deliverableId: d, amountCents: 2500 })).body;
    expect(b.amountCents).toBe(2500);
    expect(b.paymentIntentId).not.toBe(a.paymentIntentId);
    expect((await stripe.paymentIntents.retrieve(a.paymentIntentId)).status).toBe('canceled');
    expect(await paymentsOf(d)).toMatchObject([
      { status: 'failed', stripe_status: 'canceled', stripe_payment_id: a.paymentIntentId },
      { status: 'pending', stripe_payment_id: b.paymentIntentId },
    ]);
  });
});

describe('stripe-webhook', () => {
  test('a bad signature is 400; an ignored type is 200', async () => {
    const event = { id: 'evt_fake', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: 'pi_x', status: 'succeeded', amount: 1 } } };
    expect((await sendEvent(event, 'whsec_wrong')).status).toBe(400);
    const unsigned = await fetch(`${t.url}/functions/v1/stripe-webhook`, { method: 'POST', body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await sendEvent({ ...event, id: 'evt_ignored', type: 'customer.created' })).toEqual({ status: 200, body: { received: true, ignored: true } });
  });

  test('replayed and out-of-order events are harmless; a refund wins', async () => {
    const d = await approvedDeliverable(1);
    const { body } = await create('brand', { deliverableId: d });
    await stripe.paymentIntents.confirm(body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: returnUrl() });
    await eventually(d, (r) => r[0]?.status === 'completed');
    const succeeded = (await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.find((e) => (e.data.object as Stripe.PaymentIntent).id === body.paymentIntentId)!;
    // The Dashboard's Resend: the same event again.
    const resend = await fetch(`${t.url}/stripe/events/${succeeded.id}/resend`, { method: 'POST', headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` } });
    expect(resend.status).toBeLessThan(300);
    expect(await sendEvent(succeeded)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    const { rows: events } = await t.database.db.query(`select outcome from app.stripe_events where id = $1`, [succeeded.id]);
    expect(events).toEqual([{ outcome: 'applied' }]);

    // A late failure event (older snapshot) does not undo the payment.
    const late = {
      id: `evt_late_${body.paymentIntentId}`, object: 'event', type: 'payment_intent.payment_failed', created: succeeded.created - 10,
      data: { object: { ...(succeeded.data.object as object), status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } } },
    };
    expect(await sendEvent(late)).toEqual({ status: 200, body: { received: true, outcome: 'unchanged' } });
    expect((await paymentsOf(d))[0]!.status).toBe('completed');

    // A full refund (done in Stripe's Dashboard) wins over completed, also against a replayed success.
    await stripe.refunds.create({ payment_intent: body.paymentIntentId });
    await eventually(d, (r) => r[0]?.status === 'refunded');
    expect(await sendEvent({ ...succeeded, id: `evt_again_${body.paymentIntentId}` })).toMatchObject({ body: { outcome: 'unchanged' } });
    expect((await paymentsOf(d))[0]!.status).toBe('refunded');
    expect(await status('brand', body.paymentIntentId)).toMatchObject({ body: { status: 'refunded', message: 'This payment was refunded.' } });
  });
});
