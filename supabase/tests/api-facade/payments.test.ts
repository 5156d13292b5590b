import { beforeAll, describe, expect, test } from 'vitest';
import { ids } from '../../../testkit/db/personas.ts';
import type { ApiSession } from '../../../testkit/db/api-client.ts';
import { stack, admin, brand, otherBrand, creator, otherCreator, anon, accessToken, stripeSdk, paymentStatusOf, useFacadeStack } from '../../../testkit/db/facade-stack.ts';

// Spec section 7 over HTTP, payments and the payment status check: the /api facade (edge function `api`
// under Deno) against the real stack and a seeded scratch database of this file's own. The allowed role
// succeeds, other roles are refused, bad payloads are 400 with "field: message", calls without a session
// are 401. Errors are plain text.

useFacadeStack();

describe('payments', () => {
  test('GET /api/creators/payments: creators see what they received', async () => {
    const res = await creator.get('/api/creators/payments');
    expect(res.status).toBe(200);
    expect(res.json.map((p: { id: string }) => p.id)).toContain(ids.payment(1));
    expect(res.json.find((p: { id: string }) => p.id === ids.payment(1))).toMatchObject({ amount: 500, amountCents: 50000, status: 'completed' });
    for (const s of [brand, admin]) expect((await s.get('/api/creators/payments')).status).toBe(403);
  });

  test('GET /api/brands/payments: brands see what they paid', async () => {
    const res = await brand.get('/api/brands/payments');
    expect(res.status).toBe(200);
    expect(res.json.every((p: { brandId: string }) => p.brandId === ids.brand)).toBe(true);
    expect(res.json.length).toBeGreaterThan(0);
    for (const s of [creator, admin]) expect((await s.get('/api/brands/payments')).status).toBe(403);
  });

  test('GET /api/brands/payments: a brand with more payments than one Data API answer holds gets every one', async () => {
    // 1,100 failed attempts on the brand's paid content beside its own payments: more than max_rows (1000).
    await stack.database.db.query(
      `insert into app.payments (deliverable_id, escrow_id, renewal_id, amount_cents, status, stripe_payment_id)
       select p.deliverable_id, p.escrow_id, p.renewal_id, 100, 'failed', 'pi_many_' || n
       from (select * from app.payments where brand_id = $1 and deliverable_id is not null order by created_at limit 1) p, generate_series(1, 1100) n`,
      [ids.brand],
    );
    const { rows } = await stack.database.db.query<{ n: number }>('select count(*)::int n from app.payments where brand_id = $1', [ids.brand]);
    const res = await brand.get('/api/brands/payments');
    expect(res.status).toBe(200);
    const got = res.json.map((p: { id: string }) => p.id);
    expect(rows[0]!.n).toBeGreaterThan(1100);
    expect(got).toHaveLength(rows[0]!.n);
    expect(new Set(got).size).toBe(got.length);
  });

  describe('GET /api/check-payment-status', () => {
    let deliverableId: string;
    let intentId: string;
    const check = (s: ApiSession, pi: string) => s.get(`/api/check-payment-status?payment_intent=${encodeURIComponent(pi)}`);

    beforeAll(async () => {
      // A fresh approved deliverable of seed application 1 (GlowLab pays Lucía a flat $500), and its
      // PaymentIntent, opened by the brand through the payments function as the web app does.
      const { rows } = await stack.database.db.query<{ id: string }>(
        `insert into app.deliverables (application_id, content_url, status) values ($1, 'https://instagram.com/reel/api-status-check', 'approved') returning id`,
        [ids.application(1)],
      );
      deliverableId = rows[0]!.id;
      const res = await fetch(`${stack.url}/functions/v1/payments/create`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken(brand)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deliverableId }),
      });
      const body = (await res.json()) as { paymentIntentId: string };
      if (res.status !== 200) throw new Error(`payments/create: ${res.status} ${JSON.stringify(body)}`);
      intentId = body.paymentIntentId;
    });

    test('the paying brand gets the status check response; it reconciles without the webhook', async () => {
      let res = await check(brand, intentId);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({
        status: 'requires_payment_method', amount: 50000, deliverableId, campaignTitle: 'Morning Glow Serum Launch', message: 'The payment was not completed.',
        applicationId: ids.application(1), campaignId: ids.campaign(1),
      });
      // The shape is the documented one.
      const doc = (await anon.get('/api/openapi.json')).json;
      expect(Object.keys(res.json).sort()).toEqual([...doc.components.schemas.PaymentStatus.required].sort());

      // Paid while Stripe's webhook cannot get through: the check alone completes the payment record.
      process.env.STRIPE_WEBHOOK_URL = 'http://127.0.0.1:9/unreachable';
      try {
        await stripeSdk().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: `${stack.url}/payments/result` });
        expect(await paymentStatusOf(intentId)).toBe('pending');
        res = await check(brand, intentId);
        expect([res.status, res.json]).toEqual([200, { status: 'succeeded', amount: 50000, deliverableId, campaignTitle: 'Morning Glow Serum Launch', message: 'Payment successful', applicationId: ids.application(1), campaignId: ids.campaign(1) }]);
        expect(await paymentStatusOf(intentId)).toBe('completed');
      } finally {
        delete process.env.STRIPE_WEBHOOK_URL;
      }
      // The same answer as the payments function gives for the same PaymentIntent.
      const direct = await fetch(`${stack.url}/functions/v1/payments/status?payment_intent=${intentId}`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken(brand)}` },
      });
      expect(await direct.json()).toEqual(res.json);
    });

    test('the paid creator and admins are refused (403); another brand, another creator and unknown intents get 404', async () => {
      expect(await check(creator, intentId)).toMatchObject({ status: 403, text: 'Only the paying brand can check this payment' });
      expect(await check(otherBrand, intentId)).toMatchObject({ status: 404, text: 'Payment not found' });
      expect(await check(otherCreator, intentId)).toMatchObject({ status: 404, text: 'Payment not found' });
      // Admins can read every payment record, but only the payer checks (and so reconciles) a payment.
      expect(await check(admin, intentId)).toMatchObject({ status: 403, text: 'Only the paying brand can check this payment' });
      expect(await check(brand, 'pi_unknown123')).toMatchObject({ status: 404, text: 'Payment not found' });
      for (const r of [await check(creator, intentId), await check(brand, 'pi_unknown123')]) {
        expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      }
    });

    test('a missing or malformed payment_intent is a 400 on that field; no session is a 401', async () => {
      let res = await brand.get('/api/check-payment-status');
      expect([res.status, res.text]).toEqual([400, 'payment_intent: No payment information found']);
      res = await brand.get('/api/check-payment-status?payment_intent=');
      expect([res.status, res.text]).toEqual([400, 'payment_intent: No payment information found']);
      res = await check(brand, 'ch_1; drop');
      expect([res.status, res.text]).toEqual([400, 'payment_intent: Not a valid payment reference']);
      res = await check(anon, intentId);
      expect([res.status, res.text]).toEqual([401, 'Not signed in']);
    });

    test('Stripe refusing the request is a 502 with a text reason, not a 500', async () => {
      // A payment whose PaymentIntent the Stripe double has never seen (the seed's are there: issue 30).
      const { rows } = await stack.database.db.query<{ id: string }>(
        `insert into app.deliverables (application_id, content_url, status) values ($1, 'https://instagram.com/reel/api-status-unknown', 'approved') returning id`,
        [ids.application(1)],
      );
      await stack.database.db.query(
        `insert into app.payments (deliverable_id, amount_cents, status, stripe_payment_id, payment_method) values ($1, 50000, 'pending', 'pi_neverAtStripe0001', 'card')`,
        [rows[0]!.id],
      );
      const res = await check(brand, 'pi_neverAtStripe0001');
      expect([res.status, res.text]).toEqual([502, 'The payment provider refused the request. Please try again later.']);
    });
  });
});
