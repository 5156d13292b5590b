import { seedAccountTokens } from '../../testkit/auth.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readSeedStripeObjects } from '../bootstrap/seed-stripe.ts';
import { startDouble } from '../../testkit/stripe.ts';
import { eventually } from '../../testkit/eventually.ts';
import { ids } from '../../testkit/db/personas.ts';
import { LOCAL_STRIPE_SECRET_KEY } from '../../testkit/runtime.ts';
import { openForm, postForm, TEST_BANK_VALUES } from '../../testkit/stripe-onboarding.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// A fresh demo (`npm start` over a new database) against its Stripe double: every Stripe object the seed
// names exists there, so the reconciliation reads no difference and every seeded hire, dispute and payout
// account can be acted on (issue 30, finding 4). One stack; the tests run in order.

let t: TestStack;
let stripe: Stripe;
const tokens: Record<string, string> = {};
const SIGNED_IN = { admin: 'admin@demo.test', sofia: 'creator@demo.test', diego: 'diego@demo.test', camila: 'camila@demo.test', valentina: 'valentina@demo.test' };

beforeAll(async () => {
  t = await startTestStack({ seed: true });
  stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: Number(new URL(t.url).port), protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 });
  Object.assign(tokens, await seedAccountTokens(t, SIGNED_IN));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', path: string, who: keyof typeof SIGNED_IN, body?: unknown) {
  const res = await fetch(`${t.url}/functions/v1/${path}`, {
    method,
    headers: { apikey: t.anonKey, 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.database.db.query<T & Record<string, unknown>>(sql, params)).rows[0]!;
}

/** The reconciliation report as the admin dashboard asks for it. */
async function reconcile() {
  const report = await call('GET', 'payouts/reconcile', 'admin');
  expect(report.status).toBe(200);
  return report.body as { ok: boolean; checked: { payments: number; payouts: number }; ledger: Record<string, number>; financialAccount: { balance: any }; drift: unknown[] };
}

/** A creator's money as the ledger holds it, and what was paid out to them. */
function money(creatorId: string) {
  return one<{ available: number; paid: number }>(
    `select (select available_cents from app.creator_balance($1))::int available,
       (select coalesce(sum(amount_cents), 0) from app.payouts where creator_id = $1 and status = 'paid')::int paid`, [creatorId]);
}

describe('a fresh seeded stack and its Stripe double', () => {
  test('reconciliation reads no difference: every seeded payment and payout is at Stripe, and the platform balance is the ledger\'s', async () => {
    const report = await reconcile();
    expect(report.drift).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checked).toEqual({ payments: 5, payouts: 2 });
    expect(report.financialAccount.balance.available.usd.value).toBe(report.ledger.stripe_balance);
  });

  test('the seeded PaymentIntents say what was paid for as the payments function does: campaign title — creator, and a suffix', async () => {
    const rows = (await t.database.db.query<{ id: string; title: string; name: string }>(
      `select p.stripe_payment_id id, c.title, pr.full_name name from app.payments p
       left join app.escrows e on e.id = p.escrow_id left join app.deliverables d on d.id = p.deliverable_id
       join app.applications a on a.id = coalesce(e.application_id, d.application_id)
       join app.campaigns c on c.id = a.campaign_id join app.profiles pr on pr.id = a.creator_id
       where p.stripe_payment_id like 'pi\\_demo\\_%' and p.status in ('completed', 'refunded')`,
    )).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const pi = await stripe.paymentIntents.retrieve(r.id);
      expect(pi.description).toBe(`${r.title} — ${r.name}`);
      expect(pi.statement_descriptor_suffix).toMatch(/^[A-Za-z0-9 ]{1,22}$/);
    }
  });

  test('the seeded dispute is resolved with a split: the brand\'s share is refunded at Stripe, the creator\'s released', async () => {
    const dispute = await one<{ id: string; creator_id: string }>(`select id, creator_id from app.disputes where escrow_id = '00000000-0000-0000-0006-000000000017'`);
    const before = await money(dispute.creator_id);
    const res = await call('POST', 'payments/resolve-dispute', 'admin', { disputeId: dispute.id, outcome: 'split', creatorCents: 50_000, note: 'Half the hike was delivered: half the money each.' });
    expect(res).toMatchObject({ status: 200, body: { status: 'resolved', creatorCents: 50_000, brandCents: 30_000 } });
    const intent = await stripe.paymentIntents.retrieve('pi_demo_0017', { expand: ['latest_charge'] });
    expect((intent.latest_charge as Stripe.Charge).amount_refunded).toBe(30_000);
    expect(await one(`select status, amount_refunded_cents::int refunded from app.payments where stripe_payment_id = 'pi_demo_0017'`)).toEqual({ status: 'completed', refunded: 30_000 });
    // The creator's share, less the platform's 15%, left the escrow for her available balance.
    expect((await money(dispute.creator_id)).available - before.available).toBe(42_500);
    expect(await one(`select status from app.escrows where id = '00000000-0000-0000-0006-000000000017'`)).not.toEqual({ status: 'disputed' });
    const report = await reconcile();
    expect(report.drift).toEqual([]);
    expect(report.financialAccount.balance.available.usd.value).toBe(report.ledger.stripe_balance);
  });

  test('the seeded creator\'s available balance is paid out once she has a payout account', async () => {
    const before = await money(ids.creator);
    expect(before.available).toBe(55_250);
    const link = await call('POST', 'payouts/onboarding', 'sofia', { country: 'MX' });
    expect(link.status).toBe(200);
    const { hidden } = await openForm(link.body.url);
    expect((await postForm(t.url, '/stripe/onboarding', { ...hidden, holder_name: 'Sofía Ríos', ...TEST_BANK_VALUES.MX.succeed })).status).toBe(303);
    await eventually(() => one<{ status: string }>(`select status from app.payout_accounts where creator_id = $1`, [ids.creator]), (a) => a?.status === 'active');
    const payout = await call('POST', 'payouts/request', 'sofia', {});
    expect(payout).toMatchObject({ status: 200, body: { amountCents: 55_250 } });
    const after = await eventually(() => money(ids.creator), (m) => m.paid === before.paid + 55_250);
    expect(after.available).toBe(0);
  });

  test('the seeded payout accounts are Stripe\'s: Diego\'s is paid, Camila\'s asks for new details, Valentina continues onboarding', async () => {
    expect(await call('POST', 'payouts/sync', 'diego', {})).toEqual({ status: 200, body: { accountStatus: 'active', bankSummary: 'Banco de Chile •••• 1234' } });
    expect(await call('POST', 'payouts/sync', 'camila', {})).toEqual({ status: 200, body: { accountStatus: 'needs_attention', bankSummary: 'Banco Galicia •••• 7731' } });
    expect(await call('POST', 'payouts/sync', 'valentina', {})).toEqual({ status: 200, body: { accountStatus: 'onboarding', bankSummary: null } });
    for (const [who, country] of [['camila', 'AR'], ['valentina', 'MX']] as const) {
      const link = await call('POST', 'payouts/onboarding', who, { country });
      expect(link.status).toBe(200);
      expect(link.body.url).toMatch(/^http/);
    }

    // Diego earns again (ByteBrew pays his approved cold brew video by card) and withdraws it to his seeded account.
    const diego = ids.creatorN(5);
    const intent = await stripe.paymentIntents.create({ amount: 10_000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const { id: deliverable } = await one<{ id: string }>(
      `insert into app.deliverables (application_id, content_url, status) values ($1, 'https://www.tiktok.com/@diegotech/video/1', 'approved') returning id`, [ids.application(9)]);
    await t.database.db.query(
      `insert into app.payments (deliverable_id, amount_cents, status, stripe_payment_id, stripe_status, payment_method) values ($1, 10000, 'completed', $2, 'succeeded', 'card')`,
      [deliverable, intent.id]);
    const before = await money(diego);
    expect(before.available).toBe(8_500);
    expect(await call('POST', 'payouts/request', 'diego', {})).toMatchObject({ status: 200, body: { amountCents: 8_500 } });
    await eventually(() => money(diego), (m) => m.paid === before.paid + 8_500 && m.available === 0);
    const op = await one<{ stripe_outbound_payment_id: string }>(`select stripe_outbound_payment_id from app.payouts where creator_id = $1 order by created_at desc limit 1`, [diego]);
    expect((await stripe.v2.moneyManagement.outboundPayments.retrieve(op.stripe_outbound_payment_id)).to.recipient).toBe('acct_1SeedDiegoCL');

    const report = await reconcile();
    expect(report.drift).toEqual([]);
    expect(report.financialAccount.balance.available.usd.value).toBe(report.ledger.stripe_balance);
  });
});

describe('the seed\'s objects in the double\'s state', () => {
  test('a restart adds none of them twice, and objects made since stay after them', async () => {
    const seed = await readSeedStripeObjects(t.database.db);
    expect([seed.payments.length, seed.recipients.length, seed.payouts.length]).toEqual([5, 4, 2]);
    const dir = await mkdtemp(path.join(tmpdir(), 'stripe-seed-'));
    const env = { STRIPE_STATE_FILE: path.join(dir, 'stripe-double.json'), STRIPE_WEBHOOK_EVENTS: 'none' };
    try {
      const first = await startDouble(env);
      expect(await first.double.addSeed(seed)).toBe(11);
      const made = await first.stripe().paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'] });
      await first.close();

      const second = await startDouble(env);
      expect(await second.double.addSeed(seed)).toBe(0);
      const listed = await second.stripe().paymentIntents.list({ limit: 100 });
      // Newest first: the one made after the seed, then the seed's.
      expect(listed.data.map((pi) => pi.id)).toEqual([made.id, ...seed.payments.map((p) => p.id).reverse()]);
      expect((await second.stripe().events.list({ limit: 100 })).data.filter((e) => e.type !== 'payment_intent.created')).toEqual([]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
