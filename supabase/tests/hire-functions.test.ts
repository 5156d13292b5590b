import { describe, expect, test } from 'vitest';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../testkit/runtime.ts';
import { eventually } from '../../testkit/eventually.ts';
import { useEscrowStack } from '../../testkit/escrow-stack.ts';
import { ids } from '../../testkit/db/personas.ts';

// Funding and canceling hires through the `payments` and `stripe-webhook` functions under Deno, on the
// whole local stack with the Stripe double, over HTTP as the web app and Stripe reach them.

const stack = useEscrowStack({ brand: 'brand@demo.test', otherBrand: 'trailpeak@demo.test', creator: 'creator@demo.test' });
const { call } = stack;

/** A fresh pending application of creator `n` to GlowLab's campaign 1 (flat fee $500.00), accepted by the brand. */
async function acceptedHire(n: number): Promise<string> {
  const { rows } = await stack.t.database.db.query<{ id: string }>(
    `insert into app.applications (campaign_id, creator_id, pitch) values ($1, $2, 'Pitch') returning id`,
    [ids.campaign(1), ids.creatorN(n)],
  );
  await stack.t.database.db.query(`update app.applications set status = 'accepted' where id = $1`, [rows[0]!.id]);
  return rows[0]!.id;
}

async function hire(applicationId: string) {
  const { rows } = await stack.t.database.db.query<{ status: string; held: number }>(
    `select status, app.escrow_held(id)::int held from app.escrows where application_id = $1`, [applicationId]);
  return rows[0];
}

describe('POST /payments/fund', () => {
  test('the brand funds a hire by card: one PaymentIntent however often it asks; the webhook funds the escrow', async () => {
    const app = await acceptedHire(3);
    const [a, b] = await Promise.all([call('payments/fund', 'brand', { applicationId: app }), call('payments/fund', 'brand', { applicationId: app })]);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ amountCents: 50000, feeCents: 7500, creatorCents: 42500 });
    expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
    await stack.stripe.paymentIntents.confirm(a.body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: `${stack.t.url}/payments/result` });
    expect(await eventually(() => hire(app), (h) => h?.status === 'funded')).toEqual({ status: 'funded', held: 50000 });
    const again = await call('payments/fund', 'brand', { applicationId: app });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_funded' } });
  });

  test('the PaymentIntent names what is paid for: campaign title and creator, also on the card statement', async () => {
    // A seeded creator not yet applied to campaign 1 (3-7 are the other tests').
    const free = await stack.t.database.db.query<{ n: number }>(
      `select n from generate_series(8, 12) n where not exists (select 1 from app.applications a
         where a.campaign_id = $1 and a.creator_id = ('00000000-0000-0000-0000-000000000c' || lpad(n::text, 2, '0'))::uuid) order by n limit 1`,
      [ids.campaign(1)]);
    const app = await acceptedHire(free.rows[0]!.n);
    const { rows } = await stack.t.database.db.query<{ title: string; name: string }>(
      `select c.title, p.full_name name from app.applications a join app.campaigns c on c.id = a.campaign_id
       join app.profiles p on p.id = a.creator_id where a.id = $1`, [app]);
    const { title, name } = rows[0]!;
    const fund = await call('payments/fund', 'brand', { applicationId: app });
    const intent = await stack.stripe.paymentIntents.retrieve(fund.body.paymentIntentId);
    expect(intent.description).toBe(`${title} — ${name}`);
    expect(intent.description).not.toContain(app);
    const suffix = title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 ]+/g, ' ').replace(/ +/g, ' ').trim();
    // The title's Latin letters, digits and spaces, cut to Stripe's 22 characters.
    expect(intent.statement_descriptor_suffix).toMatch(/^[A-Za-z0-9 ]{1,22}$/);
    expect(intent.statement_descriptor_suffix).toMatch(/[A-Za-z]/);
    expect(suffix.startsWith(intent.statement_descriptor_suffix!)).toBe(true);
  });

  test('someone else\'s hire, the creator, and bad bodies are refused', async () => {
    const app = await acceptedHire(4);
    expect((await call('payments/fund', 'otherBrand', { applicationId: app })).status).toBe(404);
    expect(await call('payments/fund', 'creator', { applicationId: app })).toMatchObject({ status: 404 });
    expect(await call('payments/fund', 'brand', { applicationId: 'nope' })).toMatchObject({ status: 400, body: { field: 'applicationId' } });
    expect(await hire(app)).toEqual({ status: 'awaiting_funding', held: 0 });
  });
});

describe('POST /payments/cancel-hire', () => {
  test('an unfunded hire closes at once and its open PaymentIntent is canceled at Stripe', async () => {
    const app = await acceptedHire(5);
    const fund = await call('payments/fund', 'brand', { applicationId: app });
    expect(await call('payments/cancel-hire', 'brand', { applicationId: app, reason: '  ' })).toMatchObject({ status: 400, body: { code: 'reason_required' } });
    // Invisible characters alone are no reason (the contract's rule; the function trimmed whitespace only).
    expect(await call('payments/cancel-hire', 'brand', { applicationId: app, reason: '\u200b\ufeff' })).toMatchObject({ status: 400, body: { code: 'reason_required', field: 'reason' } });
    expect(await call('payments/cancel-hire', 'brand', { applicationId: app, reason: 'Budget cut' })).toEqual({ status: 200, body: { status: 'canceled' } });
    expect((await stack.stripe.paymentIntents.retrieve(fund.body.paymentIntentId)).status).toBe('canceled');
    expect(await hire(app)).toEqual({ status: 'canceled', held: 0 });
  });

  test('a funded hire is refunded once in full, retries included; the creator is told why', async () => {
    const app = await acceptedHire(6);
    const fund = await call('payments/fund', 'brand', { applicationId: app });
    await stack.stripe.paymentIntents.confirm(fund.body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: `${stack.t.url}/payments/result` });
    await eventually(() => hire(app), (h) => h?.status === 'funded');
    const cancel = await call('payments/cancel-hire', 'brand', { applicationId: app, reason: 'The launch moved to next year' });
    expect(cancel).toEqual({ status: 200, body: { status: 'refunded' } });
    expect(await call('payments/cancel-hire', 'brand', { applicationId: app, reason: 'again' })).toMatchObject({ status: 409, body: { code: 'hire_closed' } });
    const refunds = await stack.stripe.refunds.list({ payment_intent: fund.body.paymentIntentId });
    expect(refunds.data.map((r) => r.amount)).toEqual([50000]);
    expect(await hire(app)).toEqual({ status: 'refunded', held: 0 });
    const { rows } = await stack.t.database.db.query(`select status, cancel_reason from app.applications where id = $1`, [app]);
    expect(rows[0]).toEqual({ status: 'canceled', cancel_reason: 'The launch moved to next year' });
  });
});

describe('stripe-webhook: chargebacks', () => {
  test('a signed dispute event takes the money out of escrow once; a forged one is refused', async () => {
    const app = await acceptedHire(7);
    const fund = await call('payments/fund', 'brand', { applicationId: app });
    await stack.stripe.paymentIntents.confirm(fund.body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: `${stack.t.url}/payments/result` });
    await eventually(() => hire(app), (h) => h?.status === 'funded');
    const event = {
      id: `evt_dispute_${app.slice(-6)}`, object: 'event', type: 'charge.dispute.created', created: Math.floor(Date.now() / 1000),
      data: { object: { id: `dp_${app.slice(-6)}`, object: 'dispute', amount: 50000, status: 'needs_response', payment_intent: fund.body.paymentIntentId } },
    };
    const payload = JSON.stringify(event);
    const send = (secret: string) =>
      fetch(`${stack.t.url}/functions/v1/stripe-webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': stack.stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' },
        body: payload,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await send('whsec_forged')).status).toBe(400);
    expect(await send(LOCAL_STRIPE_WEBHOOK_SECRET)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await send(LOCAL_STRIPE_WEBHOOK_SECRET)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await hire(app)).toEqual({ status: 'charged_back', held: 0 });
  });
});
