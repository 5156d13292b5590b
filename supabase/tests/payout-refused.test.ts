import { seedAccountTokens } from '../../testkit/auth.ts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY } from '../../testkit/runtime.ts';
import { openForm, postForm, TEST_BANK_VALUES } from '../../testkit/stripe-onboarding.ts';
import { eventually } from '../../testkit/eventually.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { ids } from '../../testkit/db/personas.ts';

// Issue 29 item 6: "Withdraw now" when the platform's FinancialAccount holds less than the creator's
// balance. Stripe refuses the OutboundPayment (insufficient_funds), so no money left: the payout must
// fail in the same request, the money go back to the creator's available balance (a balanced ledger
// entry), the creator be told the platform's side is short (not their bank), and admins count it as a
// failed payout. Before the fix the payout stayed pending and the money "in transit".

let t: TestStack;
let stripe: Stripe;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestStack({ seed: true });
  Object.assign(tokens, await seedAccountTokens(t, { creator: 'creator@demo.test', admin: 'admin@demo.test' }));
  stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: Number(new URL(t.url).port), protocol: 'http', httpClient: Stripe.createFetchHttpClient() });
  // The platform's FinancialAccount holds $250.00: the seed's card income, which the double holds from
  // its start (decision 0005), went to a creator paid earlier (one OutboundPayment to Diego's seeded
  // account), so this card payment is all the money Stripe has to pay creators with.
  const [fa] = (await stripe.v2.moneyManagement.financialAccounts.list()).data;
  const seeded = fa!.balance.available['usd']?.value ?? 0;
  if (seeded > 0) {
    await stripe.v2.moneyManagement.outboundPayments.create({
      amount: { value: seeded, currency: 'usd' }, from: { financial_account: fa!.id, currency: 'usd' }, to: { recipient: 'acct_1SeedDiegoCL' }, description: 'Earlier payouts',
    });
  }
  await stripe.paymentIntents.create({ amount: 25_000, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
  // Sofía's payout account, made payable through Stripe's hosted form.
  const link = await call('POST', 'payouts/onboarding', 'creator', { country: 'MX' });
  expect(link.status).toBe(200);
  const { hidden } = await openForm(link.body.url);
  const form = await postForm(t.url, '/stripe/onboarding', { ...hidden, holder_name: 'Sofía Ríos', ...TEST_BANK_VALUES.MX.succeed });
  expect(form.status).toBe(303);
  await eventually(account, (a) => a?.status === 'active');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', path: string, who: string, body?: unknown) {
  const bearer = who === 'service' ? t.serviceRoleKey : tokens[who];
  const res = await fetch(`${t.url}/functions/v1/${path}`, {
    method,
    headers: { apikey: t.anonKey, 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** An api function as a signed-in person calls it (PostgREST, their own rights). */
async function rpcAs<T>(who: string, fn: string): Promise<T> {
  const res = await fetch(`${t.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}`, 'content-profile': 'api' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function account() {
  const { rows } = await t.database.db.query<{ status: string; problem_code: string | null }>(
    `select status, problem_code from app.payout_accounts where creator_id = $1`, [ids.creator]);
  return rows[0];
}

async function balances() {
  const [o] = await rpcAs<Array<{ available_cents: number; in_transit_cents: number }>>('creator', 'my_payouts_overview');
  return { available: Number(o!.available_cents), inTransit: Number(o!.in_transit_cents) };
}

async function adminFailed() {
  const [s] = await rpcAs<Array<{ failed_payouts: number; failed_payouts_cents: number; in_transit_cents: number }>>('admin', 'admin_money_summary');
  return { count: s!.failed_payouts, cents: Number(s!.failed_payouts_cents), inTransit: Number(s!.in_transit_cents) };
}

describe('a payout Stripe refuses', () => {
  test('withdraw now with an under-funded platform account: 502 with the reason, the money back in available, failed for admins', async () => {
    const before = await balances();
    expect(before.available).toBeGreaterThan(25_000);
    expect(before.inTransit).toBe(0);
    const adminBefore = await adminFailed();

    const res = await call('POST', 'payouts/request', 'creator', {});
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('platform_balance_insufficient');
    expect(res.body.message).toMatch(/back in your available balance/);
    expect(res.body.message).not.toMatch(/bank details|your bank/i);

    // Same request: nothing left in transit, everything back in available.
    expect(await balances()).toEqual({ available: before.available, inTransit: 0 });

    // The payout row: failed, with the reason, never sent to Stripe.
    const { rows: payouts } = await t.database.db.query<{ id: string; status: string; failure_code: string; failure_message: string; failed_at: Date | null; stripe_outbound_payment_id: string | null }>(
      `select id, status, failure_code, failure_message, failed_at, stripe_outbound_payment_id from app.payouts where creator_id = $1`, [ids.creator]);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: 'failed', failure_code: 'platform_balance_insufficient', stripe_outbound_payment_id: null });
    expect(payouts[0]!.failure_message).toMatch(/back in your available balance/);
    expect(payouts[0]!.failed_at).not.toBeNull();

    // The ledger: the move to in transit and its return, each balanced, the two cancelling out.
    const { rows: entries } = await t.database.db.query<{ kind: string; account: string; amount_cents: string }>(
      `select t.kind, e.account, e.amount_cents from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
       where t.payout_id = $1 order by t.created_at, e.account`, [payouts[0]!.id]);
    expect(entries.map((e) => [e.kind, e.account, Number(e.amount_cents)])).toEqual([
      ['payout', 'creator_available', before.available],
      ['payout', 'creator_in_transit', -before.available],
      ['payout_failed', 'creator_available', -before.available],
      ['payout_failed', 'creator_in_transit', before.available],
    ]);

    // Not the creator's fault: their payout account stays payable.
    expect(await account()).toEqual({ status: 'active', problem_code: null });

    // Admins see it as failed, and nothing in transit.
    expect(await adminFailed()).toEqual({ count: adminBefore.count + 1, cents: adminBefore.cents + before.available, inTransit: adminBefore.inTransit });

    // The creator's history shows the failed payout with the same reason.
    const history = await rpcAs<Array<{ kind: string; status: string; failure_code: string | null }>>('creator', 'creator_money_history');
    expect(history.filter((h) => h.kind === 'payout')).toEqual([expect.objectContaining({ status: 'failed', failure_code: 'platform_balance_insufficient' })]);
  });

  test('once the platform has the money, the creator withdraws again and is paid', async () => {
    const before = await balances();
    await stripe.paymentIntents.create({ amount: before.available, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const res = await call('POST', 'payouts/request', 'creator', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amountCents: before.available, status: 'processing' });
    await eventually(balances, (b) => b.available === 0 && b.inTransit === 0);
    // The refused payout no longer counts as failed once a later one was paid.
    expect((await adminFailed()).count).toBe(0);
  });

  test('a payout left pending without an answer from Stripe is settled by the next run, under the same key', async () => {
    // More money released to Sofía: a direct payment of new approved content (its money never reached the
    // double, so the platform's balance is now short of it).
    const { rows } = await t.database.db.query<{ id: string }>(
      `insert into app.deliverables (application_id, content_url, status) values ($1, 'https://example.com/left-pending', 'approved') returning id`,
      [ids.application(1)]);
    await t.database.db.query(
      `insert into app.payments (deliverable_id, amount_cents, status, stripe_payment_id, stripe_status, payment_method)
       values ($1, 40000, 'completed', 'pi_left_pending', 'succeeded', 'card')`, [rows[0]!.id]);
    // A withdrawal whose call to Stripe never came back: the money is in transit, the payout pending.
    const [left] = (await t.database.db.query<{ payout_id: string; amount_cents: string }>(`select * from api.payout_begin($1, 'creator')`, [ids.creator])).rows;
    const amount = Number(left!.amount_cents);
    expect(await balances()).toEqual({ available: 0, inTransit: amount });
    // The run sends it with its key; Stripe refuses it (the platform is short), so the money comes back.
    const refused = await call('POST', 'payouts/run', 'service', {});
    expect(refused).toMatchObject({ status: 200, body: { failed: 1, results: [{ creatorId: ids.creator, status: 'error' }] } });
    expect(await balances()).toEqual({ available: amount, inTransit: 0 });
    const { rows: payout } = await t.database.db.query(`select status, failure_code from app.payouts where id = $1`, [left!.payout_id]);
    expect(payout[0]).toEqual({ status: 'failed', failure_code: 'platform_balance_insufficient' });
    // Once the platform has the money, a payout left pending is sent by the run and paid.
    await stripe.paymentIntents.create({ amount, currency: 'usd', allowed_payment_method_types: ['card'], confirm: true, payment_method: 'pm_card_visa' });
    const [again] = (await t.database.db.query<{ payout_id: string }>(`select * from api.payout_begin($1, 'creator')`, [ids.creator])).rows;
    expect(await call('POST', 'payouts/run', 'service', {})).toMatchObject({ status: 200, body: { paid: 1, failed: 0 } });
    await eventually(balances, (b) => b.available === 0 && b.inTransit === 0);
    const { rows: paid } = await t.database.db.query(`select status from app.payouts where id = $1`, [again!.payout_id]);
    expect(paid[0]).toEqual({ status: 'paid' });
    // One OutboundPayment per payout: the refused one was never created, the other once.
    const sent: string[] = [];
    for await (const op of stripe.v2.moneyManagement.outboundPayments.list()) sent.push(String(op.metadata?.payout_id));
    expect(sent.filter((id) => id === left!.payout_id || id === again!.payout_id)).toEqual([again!.payout_id]);
  });
});
