import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { as, errorAs, ids, rowsAs, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

// Seed: application 6 is Carla's (c08) pending application to campaign 1 (GlowLab, flat fee $500.00).
const APP = ids.application(6);
const CREATOR = ids.creatorN(8);

type Who = 'postgres' | 'service_role' | string;

/** Acts as `who` inside the current transaction (a user id, the service role or postgres). */
async function become(q: Queryable, who: Who): Promise<void> {
  await q.exec('reset role');
  if (who === 'postgres') return;
  const role = who === 'service_role' ? 'service_role' : 'authenticated';
  await q.exec(`set local role ${role}`);
  const claims = role === 'service_role' ? { role } : { sub: who, role, aud: 'authenticated' };
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
}

async function one<T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  return (await q.query<T>(sql, params)).rows[0]!;
}

async function fails(q: Queryable, sql: string, params: unknown[] = []): Promise<{ code: string; detail?: string; message: string }> {
  await q.exec('savepoint try');
  try {
    await q.query(sql, params);
  } catch (e) {
    await q.exec('rollback to savepoint try');
    return e as { code: string; detail?: string; message: string };
  }
  throw new Error(`expected an error from ${sql}`);
}

/** A rolled-back scene starting as postgres, with hires funded through escrow turned on. */
function scene<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
  return runAs(ctx.db, 'postgres', async (q) => {
    await q.query(`update app.platform_settings set escrow_enabled = true`);
    return fn(q);
  });
}

/** The brand accepts application 6 and funds it by card (the webhook's record call). */
async function acceptAndFund(q: Queryable): Promise<{ escrow: string; payment: string }> {
  await become(q, ids.brand);
  await q.query(`select api.accept_application($1)`, [APP]);
  const quote = await one<{ escrow_id: string }>(q, `select * from api.hire_quote($1)`, [APP]);
  await become(q, 'service_role');
  const begun = await one<{ payment_id: string }>(q, `select * from api.hire_payment_begin($1)`, [quote.escrow_id]);
  await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => 'pi_fund_6', target_status => 'completed',
    stripe_status => 'succeeded', known_payment_id => $1, event_id => 'evt_fund_6', event_type => 'payment_intent.succeeded')`, [begun.payment_id]);
  return { escrow: quote.escrow_id, payment: begun.payment_id };
}

async function submit(q: Queryable): Promise<string> {
  await become(q, CREATOR);
  return (await one<{ id: string }>(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1') as id`, [ids.campaign(1)])).id;
}

async function ledgerOf(q: Queryable, escrow: string) {
  await become(q, 'postgres');
  return (await q.query<{ kind: string; account: string; amount: string }>(
    `select t.kind, e.account, e.amount_cents::text amount from app.ledger_transactions t
     join app.ledger_entries e on e.transaction_id = t.id where t.escrow_id = $1 order by e.id`, [escrow])).rows;
}

describe('fee and settings', () => {
  test('the fee is 15% by default, rounded down to the cent in the creator\'s favour', async () => {
    const rows = await rowsAs(ctx.db, as(CREATOR), `select amount_cents::int, fee_bps, fee_cents::int, creator_cents::int from api.fee_preview(1001)`);
    expect(rows).toEqual([{ amount_cents: 1001, fee_bps: 1500, fee_cents: 150, creator_cents: 851 }]);
    expect(await rowsAs(ctx.db, as(ids.brand), `select fee_cents::int from api.fee_preview(50000)`)).toEqual([{ fee_cents: 7500 }]);
  });

  test('only admins change the settings, within their ranges', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      expect(await fails(q, `select api.admin_update_platform_settings(fee_bps => 1000)`)).toMatchObject({ code: '42501', detail: 'not_admin' });
      await become(q, ids.admin);
      expect(await fails(q, `select api.admin_update_platform_settings(fee_bps => 6000)`)).toMatchObject({ detail: 'fee_out_of_range' });
      expect(await fails(q, `select api.admin_update_platform_settings(review_window_hours => 0)`)).toMatchObject({ detail: 'review_window_out_of_range' });
      expect(await fails(q, `select api.admin_update_platform_settings(payout_minimum_cents => 10)`)).toMatchObject({ detail: 'payout_minimum_out_of_range' });
      expect(await fails(q, `select api.admin_update_platform_settings(payout_schedule => 'hourly')`)).toMatchObject({ detail: 'payout_schedule_invalid' });
      await q.query(`select api.admin_update_platform_settings(fee_bps => 1000, review_window_hours => 48)`);
      expect(await one(q, `select fee_bps, review_window_hours, payout_minimum_cents::int from api.platform_settings()`))
        .toEqual({ fee_bps: 1000, review_window_hours: 48, payout_minimum_cents: 1000 });
      await q.query(`select api.admin_update_platform_settings(escrow_enabled => false)`);
      expect(await one(q, `select escrow_enabled from api.platform_settings()`)).toEqual({ escrow_enabled: false });
    });
  });
});

describe('hire and fund', () => {
  test('while escrow is off, accepting opens no hire and delivering works as before', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.platform_settings set escrow_enabled = false`);
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      await become(q, CREATOR);
      expect(await one(q, `select hire from api.my_applications() where id = $1`, [APP])).toEqual({ hire: null });
      await q.query(`select api.submit_deliverable($1, 'https://tiktok.com/@carla/1')`, [ids.campaign(1)]);
    });
  });

  test('accepting a flat-fee application opens a hire awaiting funding, fee fixed at acceptance, seen by both sides', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      const quote = await one(q, `select amount_cents::int, fee_bps, fee_cents::int, creator_cents::int, status, campaign_title from api.hire_quote($1)`, [APP]);
      expect(quote).toEqual({ amount_cents: 50000, fee_bps: 1500, fee_cents: 7500, creator_cents: 42500, status: 'awaiting_funding', campaign_title: 'Morning Glow Serum Launch' });
      const brandSide = await one<{ hire: { status: string } }>(q, `select hire from api.campaign_applications($1) where id = $2`, [ids.campaign(1), APP]);
      expect(brandSide.hire).toMatchObject({ status: 'awaiting_funding', amount_cents: 50000, creator_cents: 42500 });
      await become(q, CREATOR);
      const creatorSide = await one<{ hire: { status: string } }>(q, `select hire from api.my_applications() where id = $1`, [APP]);
      expect(creatorSide.hire).toMatchObject({ status: 'awaiting_funding', fee_cents: 7500 });
    });
  });

  test('a performance or product campaign opens no hire; its money goes through "Pay creator"', async () => {
    await scene(async (q) => {
      await q.query(`update app.campaigns set compensation_type = 'performance' where id = $1`, [ids.campaign(1)]);
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      expect(await fails(q, `select * from api.hire_quote($1)`, [APP])).toMatchObject({ code: 'PT409', detail: 'no_funding_needed' });
    });
  });

  test('a fee below Stripe\'s minimum card payment cannot be funded', async () => {
    await scene(async (q) => {
      await q.query(`update app.campaigns set compensation_cents = 30 where id = $1`, [ids.campaign(1)]);
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      expect(await fails(q, `select * from api.hire_quote($1)`, [APP])).toMatchObject({ code: '22023', detail: 'amount_too_small', message: 'The minimum payment is $0.50' });
    });
  });

  test('only the owning brand gets a funding quote', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      for (const who of [CREATOR, ids.admin]) {
        await become(q, who);
        expect(await fails(q, `select * from api.hire_quote($1)`, [APP])).toMatchObject({ code: '42501', detail: 'not_owner' });
      }
      await become(q, ids.otherBrand);
      expect(await fails(q, `select * from api.hire_quote($1)`, [APP])).toMatchObject({ code: 'PT404' });
    });
    expect((await errorAs(ctx.db, 'anon', `select * from api.hire_quote($1)`, [APP])).code).toBe('42501');
  });

  test('the creator cannot submit before funding, by the API or by writing the table', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      await become(q, CREATOR);
      expect(await fails(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1')`, [ids.campaign(1)]))
        .toMatchObject({ code: 'PT409', detail: 'hire_not_funded', message: 'The brand has not funded this hire yet. You can submit content once it is funded.' });
      expect(await fails(q, `insert into app.deliverables (application_id, content_url) values ($1, 'https://x.test/a')`, [APP]))
        .toMatchObject({ code: 'PT409', detail: 'hire_not_funded' });
    });
  });

  test('funding: one attempt for concurrent begins, the payment funds the escrow once, a replayed event changes nothing', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      const { escrow_id } = await one<{ escrow_id: string }>(q, `select escrow_id from api.hire_quote($1)`, [APP]);
      await become(q, 'service_role');
      const a = await one<{ payment_id: string; created: boolean }>(q, `select * from api.hire_payment_begin($1)`, [escrow_id]);
      const b = await one<{ payment_id: string; created: boolean }>(q, `select * from api.hire_payment_begin($1)`, [escrow_id]);
      expect([a.created, b.created, b.payment_id]).toEqual([true, false, a.payment_id]);
      const record = `select outcome from api.payment_record_stripe_state(stripe_payment_id => 'pi_f', target_status => 'completed',
        stripe_status => 'succeeded', known_payment_id => $1, event_id => $2, event_type => 'payment_intent.succeeded')`;
      expect(await one(q, record, [a.payment_id, 'evt_1'])).toEqual({ outcome: 'applied' });
      expect(await one(q, record, [a.payment_id, 'evt_1'])).toEqual({ outcome: 'duplicate' });
      expect(await one(q, record, [a.payment_id, 'evt_2'])).toEqual({ outcome: 'unchanged' });
      expect(await fails(q, `select * from api.hire_payment_begin($1)`, [escrow_id])).toMatchObject({ code: 'PT409', detail: 'already_funded' });
      expect(await ledgerOf(q, escrow_id)).toEqual([
        { kind: 'escrow_funding', account: 'stripe_balance', amount: '50000' },
        { kind: 'escrow_funding', account: 'escrow', amount: '-50000' },
      ]);
      await become(q, ids.brand);
      expect(await fails(q, `select * from api.hire_quote($1)`, [APP])).toMatchObject({ detail: 'already_funded' });
    });
  });

  test('events out of order: a refund reported before the payment still funds, then refunds, once each', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      const { escrow_id } = await one<{ escrow_id: string }>(q, `select escrow_id from api.hire_quote($1)`, [APP]);
      await become(q, 'service_role');
      const { payment_id } = await one<{ payment_id: string }>(q, `select * from api.hire_payment_begin($1)`, [escrow_id]);
      const record = `select outcome from api.payment_record_stripe_state(stripe_payment_id => 'pi_ooo', target_status => $2,
        stripe_status => 'succeeded', known_payment_id => $1, amount_refunded_cents => $3, event_id => $4, event_type => $5)`;
      expect(await one(q, record, [payment_id, 'refunded', 50000, 'evt_late_refund', 'charge.refunded'])).toEqual({ outcome: 'applied' });
      expect(await one(q, record, [payment_id, 'completed', null, 'evt_early_success', 'payment_intent.succeeded'])).toEqual({ outcome: 'unchanged' });
      expect((await ledgerOf(q, escrow_id)).map((r) => `${r.kind} ${r.account} ${r.amount}`)).toEqual([
        'escrow_funding stripe_balance 50000', 'escrow_funding escrow -50000', 'refund stripe_balance -50000', 'refund escrow 50000',
      ]);
      expect(await one(q, `select status from app.escrows where id = $1`, [escrow_id])).toEqual({ status: 'refunded' });
    });
  });

  test('users cannot call the writing functions or write the ledger', async () => {
    for (const who of [ids.brand, CREATOR, ids.admin]) {
      for (const sql of [
        `select * from api.hire_payment_begin('00000000-0000-0000-0000-000000000000')`,
        `select * from api.cancel_hire_begin('00000000-0000-0000-0000-000000000000', 'x')`,
        `select * from api.payout_begin('${CREATOR}', 'creator')`,
        `select * from api.run_auto_approvals()`,
        `insert into app.ledger_transactions (kind, subject_id) values ('release', 'x')`,
      ]) {
        expect((await errorAs(ctx.db, as(who), sql)).code, `${who}: ${sql}`).toBe('42501');
      }
    }
  });
});

describe('release', () => {
  test('submitting sets the review deadline; approving releases the money less the fee, once', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const deliverable = await submit(q);
      const due = await one<{ hours: number }>(q, `select round(extract(epoch from review_due_at - now()) / 3600)::int hours from api.application_deliverables($1)`, [APP]);
      expect(due.hours).toBe(72);
      await become(q, ids.brand);
      await q.query(`select api.review_deliverable($1, 'approved')`, [deliverable]);
      // A second approval (a double click) changes nothing.
      await q.query(`update app.deliverables set status = 'approved' where id = $1`, [deliverable]);
      expect(await ledgerOf(q, escrow)).toEqual([
        { kind: 'escrow_funding', account: 'stripe_balance', amount: '50000' },
        { kind: 'escrow_funding', account: 'escrow', amount: '-50000' },
        { kind: 'release', account: 'escrow', amount: '50000' },
        { kind: 'release', account: 'creator_available', amount: '-42500' },
        { kind: 'release', account: 'platform_fees', amount: '-7500' },
      ]);
      expect(await one(q, `select status, release_reason, released_deliverable_id = $2 as same from app.escrows where id = $1`, [escrow, deliverable]))
        .toEqual({ status: 'released', release_reason: 'approved', same: true });
      // "Pay creator" on this content would pay the hire a second time.
      expect(await fails(q, `select * from api.payment_quote($1)`, [deliverable])).toMatchObject({ code: 'PT409', detail: 'paid_through_escrow' });
      await become(q, CREATOR);
      expect(await one(q, `select in_escrow_cents::int, available_cents::int from api.my_payouts_overview()`)).toEqual({ in_escrow_cents: 0, available_cents: 42500 });
      const history = await one(q, `select kind, status, amount_cents::int, fee_cents::int, campaign_title from api.creator_money_history() where application_id = $1`, [APP]);
      expect(history).toEqual({ kind: 'released', status: 'approved', amount_cents: 42500, fee_cents: 7500, campaign_title: 'Morning Glow Serum Launch' });
    });
  });

  test('the review window runs out: the scheduler approves and releases; before the deadline it does nothing', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const deliverable = await submit(q);
      await become(q, 'service_role');
      expect(await one(q, `select api.run_auto_approvals(now() + interval '71 hours') n`)).toEqual({ n: 0 });
      expect(await one(q, `select api.run_auto_approvals(now() + interval '73 hours') n`)).toEqual({ n: 1 });
      expect(await one(q, `select api.run_auto_approvals(now() + interval '80 hours') n`)).toEqual({ n: 0 });
      await become(q, 'postgres');
      expect(await one(q, `select d.status, d.review_due_at, e.status escrow, e.release_reason from app.deliverables d, app.escrows e where d.id = $1 and e.id = $2`, [deliverable, escrow]))
        .toEqual({ status: 'approved', review_due_at: null, escrow: 'released', release_reason: 'auto_approved' });
    });
  });

  test('a request for changes stops the clock; the resubmission restarts it', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const deliverable = await submit(q);
      await become(q, ids.brand);
      await q.query(`select api.review_deliverable($1, 'changes_requested', 'Please show the label')`, [deliverable]);
      expect(await one(q, `select review_due_at from api.application_deliverables($1)`, [APP])).toEqual({ review_due_at: null });
      await become(q, CREATOR);
      await q.query(`select api.resubmit_deliverable($1, 'https://tiktok.com/@carla/2')`, [deliverable]);
      const row = await one<{ review_due_at: Date | null }>(q, `select review_due_at from api.application_deliverables($1)`, [APP]);
      expect(row.review_due_at).not.toBeNull();
    });
  });
});

describe('cancel and refund', () => {
  test('an unfunded hire is canceled at once with the brand\'s reason; nothing moves', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      const quote = await one<{ escrow_id: string }>(q, `select * from api.cancel_hire_quote($1)`, [APP]);
      await become(q, 'service_role');
      expect(await fails(q, `select * from api.cancel_hire_begin($1, '  ')`, [quote.escrow_id])).toMatchObject({ detail: 'reason_required' });
      expect(await one(q, `select action from api.cancel_hire_begin($1, 'Budget cut')`, [quote.escrow_id])).toEqual({ action: 'canceled' });
      await become(q, CREATOR);
      expect(await one(q, `select status, cancel_reason, hire->>'status' hire from api.my_applications() where id = $1`, [APP]))
        .toEqual({ status: 'canceled', cancel_reason: 'Budget cut', hire: 'canceled' });
      expect(await ledgerOf(q, quote.escrow_id)).toEqual([]);
    });
  });

  test('a funded hire is refunded in full through Stripe\'s refund; the application closes with the reason', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, ids.brand);
      expect(await one(q, `select status, held_cents::int, paid_payment_intent from api.cancel_hire_quote($1)`, [APP]))
        .toEqual({ status: 'funded', held_cents: 50000, paid_payment_intent: 'pi_fund_6' });
      await become(q, 'service_role');
      expect(await one(q, `select action, stripe_payment_id, amount_cents::int from api.cancel_hire_begin($1, 'The product launch moved')`, [escrow]))
        .toEqual({ action: 'refund', stripe_payment_id: 'pi_fund_6', amount_cents: 50000 });
      // While the refund is under way the creator cannot start.
      await become(q, CREATOR);
      expect(await fails(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1')`, [ids.campaign(1)])).toMatchObject({ detail: 'hire_closed' });
      await become(q, 'service_role');
      await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => 'pi_fund_6', target_status => 'refunded',
        stripe_status => 'succeeded', amount_refunded_cents => 50000, event_id => 'evt_refund', event_type => 'charge.refunded')`);
      expect((await ledgerOf(q, escrow)).slice(2)).toEqual([
        { kind: 'refund', account: 'stripe_balance', amount: '-50000' },
        { kind: 'refund', account: 'escrow', amount: '50000' },
      ]);
      await become(q, CREATOR);
      expect(await one(q, `select status, cancel_reason, hire->>'status' hire from api.my_applications() where id = $1`, [APP]))
        .toEqual({ status: 'canceled', cancel_reason: 'The product launch moved', hire: 'refunded' });
    });
  });

  test('no cancel once content is submitted; a refund from Stripe\'s side afterwards blocks approval', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const deliverable = await submit(q);
      await become(q, ids.brand);
      expect(await fails(q, `select * from api.cancel_hire_quote($1)`, [APP])).toMatchObject({ code: 'PT409', detail: 'content_submitted' });
      await become(q, 'service_role');
      await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => 'pi_fund_6', target_status => 'refunded',
        stripe_status => 'succeeded', amount_refunded_cents => 50000, event_id => 'evt_dash_refund', event_type => 'charge.refunded')`);
      await become(q, ids.brand);
      expect(await fails(q, `select api.review_deliverable($1, 'approved')`, [deliverable])).toMatchObject({ code: 'PT409', detail: 'hire_closed' });
    });
  });

  test('a refund after release is the platform\'s loss; the creator keeps what was released', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const deliverable = await submit(q);
      await become(q, ids.brand);
      await q.query(`select api.review_deliverable($1, 'approved')`, [deliverable]);
      await become(q, 'service_role');
      await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => 'pi_fund_6', target_status => 'refunded',
        stripe_status => 'succeeded', amount_refunded_cents => 50000)`);
      expect((await ledgerOf(q, escrow)).filter((r) => r.kind === 'refund_after_release')).toEqual([
        { kind: 'refund_after_release', account: 'stripe_balance', amount: '-50000' },
        { kind: 'refund_after_release', account: 'platform_losses', amount: '50000' },
      ]);
      await become(q, CREATOR);
      expect(await one(q, `select available_cents::int from api.my_payouts_overview()`)).toEqual({ available_cents: 42500 });
    });
  });
});

describe('chargebacks', () => {
  test('a dispute on a held hire takes the money from escrow and freezes it; winning returns it', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, 'service_role');
      const dispute = `select outcome from api.payment_record_dispute('pi_fund_6', 'dp_1', 50000, $1, $2, 'charge.dispute.created')`;
      expect(await one(q, dispute, ['needs_response', 'evt_d1'])).toEqual({ outcome: 'applied' });
      expect(await one(q, dispute, ['needs_response', 'evt_d1'])).toEqual({ outcome: 'duplicate' });
      expect(await one(q, dispute, ['needs_response', 'evt_d2'])).toEqual({ outcome: 'unchanged' });
      await become(q, 'postgres');
      expect(await one(q, `select status from app.escrows where id = $1`, [escrow])).toEqual({ status: 'charged_back' });
      await become(q, CREATOR);
      expect(await fails(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1')`, [ids.campaign(1)])).toMatchObject({ detail: 'hire_closed' });
      await become(q, 'service_role');
      expect(await one(q, dispute, ['won', 'evt_d3'])).toEqual({ outcome: 'applied' });
      await become(q, 'postgres');
      expect(await one(q, `select status, app.escrow_held(id)::int held from app.escrows where id = $1`, [escrow])).toEqual({ status: 'funded', held: 50000 });
    });
  });
});

describe('payouts', () => {
  async function releaseTo(q: Queryable) {
    await acceptAndFund(q);
    const deliverable = await submit(q);
    await become(q, ids.brand);
    await q.query(`select api.review_deliverable($1, 'approved')`, [deliverable]);
  }

  test('no account, an unverified account, then a payout of the whole available balance, once', async () => {
    await scene(async (q) => {
      await releaseTo(q);
      await become(q, 'service_role');
      expect(await fails(q, `select * from api.payout_begin($1, 'schedule')`, [CREATOR])).toMatchObject({ detail: 'payout_account_missing' });
      expect(await fails(q, `select api.payout_account_save($1, 'VE', 'acct_ve')`, [CREATOR])).toMatchObject({ detail: 'country_not_supported' });
      expect(await fails(q, `select api.payout_account_save($1, 'MX', 'acct_brand')`, [ids.brand])).toMatchObject({ detail: 'not_creator' });
      await q.query(`select api.payout_account_save($1, 'MX', 'acct_carla')`, [CREATOR]);
      expect(await fails(q, `select * from api.payout_begin($1, 'schedule')`, [CREATOR])).toMatchObject({ detail: 'payout_account_not_ready' });
      expect(await one(q, `select api.payout_account_record('acct_carla', true, 'BBVA •••• 1234', 'evt_a1', 'v2.core.account.updated') r`)).toEqual({ r: 'applied' });
      expect(await q.query(`select creator_id from api.payouts_due()`).then((r) => r.rows)).toEqual([{ creator_id: CREATOR }]);
      const first = await one<{ payout_id: string; amount_cents: string; created: boolean }>(q, `select * from api.payout_begin($1, 'schedule')`, [CREATOR]);
      const again = await one<{ payout_id: string; created: boolean }>(q, `select * from api.payout_begin($1, 'schedule')`, [CREATOR]);
      expect([Number(first.amount_cents), first.created, again.payout_id, again.created]).toEqual([42500, true, first.payout_id, false]);
      expect(await one(q, `select api.payout_record($1, 'obp_1', 'processing') r`, [first.payout_id])).toEqual({ r: 'unchanged' });
      expect(await one(q, `select api.payout_record(null, 'obp_1', 'paid', event_id => 'evt_p1') r`)).toEqual({ r: 'applied' });
      expect(await one(q, `select api.payout_record(null, 'obp_1', 'paid', event_id => 'evt_p1') r`)).toEqual({ r: 'duplicate' });
      expect(await one(q, `select api.payout_record(null, 'obp_1', 'paid', event_id => 'evt_p2') r`)).toEqual({ r: 'unchanged' });
      await become(q, CREATOR);
      expect(await one(q, `select available_cents::int, in_transit_cents::int, paid_out_cents::int, account_status, bank_summary from api.my_payouts_overview()`))
        .toEqual({ available_cents: 0, in_transit_cents: 0, paid_out_cents: 42500, account_status: 'active', bank_summary: 'BBVA •••• 1234' });
      await become(q, 'service_role');
      expect(await fails(q, `select * from api.payout_begin($1, 'creator')`, [CREATOR])).toMatchObject({ detail: 'payout_below_minimum', hint: '{"minimum_cents" : 100}' });
    });
  });

  test('a failed payout returns the money, tells the creator what to fix, and is paid again after the fix', async () => {
    await scene(async (q) => {
      await releaseTo(q);
      await become(q, 'service_role');
      await q.query(`select api.payout_account_save($1, 'CO', 'acct_carla')`, [CREATOR]);
      await q.query(`select api.payout_account_record('acct_carla', true, 'Bancolombia •••• 9876')`);
      const p = await one<{ payout_id: string }>(q, `select * from api.payout_begin($1, 'creator')`, [CREATOR]);
      await q.query(`select api.payout_record($1, 'obp_2', 'failed', 'account_closed', 'The bank account is closed')`, [p.payout_id]);
      await become(q, CREATOR);
      expect(await one(q, `select available_cents::int, account_status, problem_message from api.my_payouts_overview()`))
        .toEqual({ available_cents: 42500, account_status: 'needs_attention', problem_message: 'The bank account is closed' });
      expect(await one(q, `select kind, status, failure_message from api.creator_money_history() where kind = 'payout'`))
        .toEqual({ kind: 'payout', status: 'failed', failure_message: 'The bank account is closed' });
      await become(q, 'service_role');
      expect(await q.query(`select * from api.payouts_due()`).then((r) => r.rows)).toEqual([]);
      await q.query(`select api.payout_account_record('acct_carla', true, 'Davivienda •••• 1111')`);
      expect(await q.query(`select creator_id from api.payouts_due()`).then((r) => r.rows)).toEqual([{ creator_id: CREATOR }]);
    });
  });

  test('a payout Stripe refused to create returns its money at once; one Stripe may hold is never refused (issue 29)', async () => {
    await scene(async (q) => {
      await releaseTo(q);
      await become(q, 'service_role');
      await q.query(`select api.payout_account_save($1, 'MX', 'acct_carla')`, [CREATOR]);
      await q.query(`select api.payout_account_record('acct_carla', true, 'BBVA •••• 1234')`);
      const p1 = await one<{ payout_id: string }>(q, `select * from api.payout_begin($1, 'creator')`, [CREATOR]);
      // Only the payouts function (service role) says Stripe refused (inside this transaction: PGlite runs one at a time).
      for (const who of [CREATOR, ids.brand, ids.admin]) {
        await become(q, who);
        expect((await fails(q, `select api.payout_refused($1, 'payout_refused', 'x')`, [p1.payout_id])).code, who).toBe('42501');
      }
      await become(q, 'service_role');
      expect(await fails(q, `select api.payout_refused($1, null, null)`, [p1.payout_id])).toMatchObject({ detail: 'reason_required' });
      // The platform's balance was short: the money is back, the account stays payable.
      expect(await one(q, `select api.payout_refused($1, 'platform_balance_insufficient', 'The platform could not send this payout right now') r`, [p1.payout_id]))
        .toEqual({ r: 'applied' });
      expect(await one(q, `select api.payout_refused($1, 'platform_balance_insufficient', 'again') r`, [p1.payout_id])).toEqual({ r: 'unchanged' });
      await become(q, CREATOR);
      expect(await one(q, `select available_cents::int, in_transit_cents::int, account_status, problem_code from api.my_payouts_overview()`))
        .toEqual({ available_cents: 42500, in_transit_cents: 0, account_status: 'active', problem_code: null });
      expect(await one(q, `select status, failure_code, failure_message from api.creator_money_history() where kind = 'payout'`))
        .toEqual({ status: 'failed', failure_code: 'platform_balance_insufficient', failure_message: 'The platform could not send this payout right now' });
      // The run does not fail a new payout every hour while the platform is short: it waits the schedule's day.
      await become(q, 'service_role');
      expect(await q.query(`select creator_id from api.payouts_due()`).then((r) => r.rows)).toEqual([]);
      await become(q, 'postgres');
      await q.query(`update app.payouts set created_at = created_at - interval '21 hours' where creator_id = $1`, [CREATOR]);
      await become(q, 'service_role');
      expect(await q.query(`select creator_id from api.payouts_due()`).then((r) => r.rows)).toEqual([{ creator_id: CREATOR }]);
      // A refusal that is the creator's account's (Stripe cannot pay it) needs their attention.
      const p2 = await one<{ payout_id: string }>(q, `select * from api.payout_begin($1, 'creator')`, [CREATOR]);
      expect(await one(q, `select api.payout_refused($1, 'bank_account_invalid', 'Stripe cannot pay your payout account yet', true) r`, [p2.payout_id]))
        .toEqual({ r: 'applied' });
      await become(q, CREATOR);
      expect(await one(q, `select available_cents::int, in_transit_cents::int, account_status, problem_code from api.my_payouts_overview()`))
        .toEqual({ available_cents: 42500, in_transit_cents: 0, account_status: 'needs_attention', problem_code: 'bank_account_invalid' });
      // A payout sent to Stripe (it has an OutboundPayment) is Stripe's to settle: a refusal changes nothing.
      await become(q, 'service_role');
      await q.query(`select api.payout_account_record('acct_carla', true, 'BBVA •••• 5678')`);
      const p3 = await one<{ payout_id: string }>(q, `select * from api.payout_begin($1, 'creator')`, [CREATOR]);
      await q.query(`select api.payout_record($1, 'obp_3', 'processing')`, [p3.payout_id]);
      expect(await one(q, `select api.payout_refused($1, 'payout_refused', 'x') r`, [p3.payout_id])).toEqual({ r: 'unchanged' });
      // Stripe accepts, under the same key, a payout another request saw refused: its id is kept (for the
      // reconciliation report) and the caller is told to cancel it; the money already returned stays put.
      expect(await one(q, `select api.payout_record($1, 'obp_late', 'processing') r`, [p2.payout_id])).toEqual({ r: 'sent_after_refusal' });
      expect(await one(q, `select api.payout_record(null, 'obp_late', 'failed', 'canceled', 'Canceled') r`)).toEqual({ r: 'unchanged' });
      expect(await one(q, `select status, stripe_outbound_payment_id, failure_code from app.payouts where id = $1`, [p2.payout_id]))
        .toEqual({ status: 'failed', stripe_outbound_payment_id: 'obp_late', failure_code: 'bank_account_invalid' });
      await become(q, CREATOR);
      expect(await one(q, `select available_cents::int, in_transit_cents::int from api.my_payouts_overview()`)).toEqual({ available_cents: 0, in_transit_cents: 42500 });
      await become(q, ids.admin);
      expect(await one(q, `select failed_payouts, failed_payouts_cents::int from api.admin_money_summary()`)).toEqual({ failed_payouts: 2, failed_payouts_cents: 85000 });
      await become(q, 'postgres');
      expect((await q.query<{ kind: string; account: string; amount: string }>(
        `select t.kind, e.account, e.amount_cents::text amount from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
         where t.payout_id = $1 order by e.id`, [p1.payout_id])).rows.map((r) => `${r.kind} ${r.account} ${r.amount}`)).toEqual([
        'payout creator_available 42500', 'payout creator_in_transit -42500', 'payout_failed creator_in_transit 42500', 'payout_failed creator_available -42500',
      ]);
    });
  });
});

describe('ledger rules', () => {
  test('each party reads only its own lines; admins read all', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      // This hire's lines and the creator's own (the seed's other hires are other people's).
      const count = `select count(*)::int n from app.ledger_entries where escrow_id = '${escrow}' or creator_id = '${CREATOR}'`;
      await become(q, CREATOR);
      const mine = await one<{ n: number }>(q, count);
      expect(mine.n).toBeGreaterThan(0);
      await become(q, ids.otherCreator);
      expect(await one(q, `select count(*)::int n from app.ledger_entries where brand_id = '${ids.brand}'`)).toEqual({ n: 0 });
      await become(q, ids.otherBrand);
      expect(await one(q, `select count(*)::int n from app.ledger_transactions where brand_id = '${ids.brand}'`)).toEqual({ n: 0 });
      await become(q, ids.admin);
      expect((await one<{ n: number }>(q, count)).n).toBe(mine.n);
    });
  });

  test('append-only for everyone, and a transaction that does not balance cannot commit', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await become(q, 'postgres');
      expect(await fails(q, `update app.ledger_entries set amount_cents = amount_cents + 1`)).toMatchObject({ detail: 'ledger_append_only' });
      expect(await fails(q, `delete from app.ledger_transactions`)).toMatchObject({ detail: 'ledger_append_only' });
      await q.query(`insert into app.ledger_transactions (id, kind, subject_id) values ('00000000-0000-0000-0000-00000000abcd', 'release', 'bad')`);
      await q.query(`insert into app.ledger_entries (transaction_id, account, amount_cents) values ('00000000-0000-0000-0000-00000000abcd', 'platform_fees', 5)`);
      expect(await fails(q, `set constraints all immediate`)).toMatchObject({ detail: 'ledger_unbalanced' });
    });
  });

  test('a brand deleted with money in escrow: the hire and its money stay, the ledger balances', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await q.exec('set local role supabase_auth_admin');
      await q.query(`delete from auth.users where id = $1`, [ids.brand]);
      await become(q, 'postgres');
      expect(await one(q, `select status, brand_id, app.escrow_held(id)::int held from app.escrows where id = $1`, [escrow]))
        .toEqual({ status: 'funded', brand_id: null, held: 50000 });
      await become(q, ids.admin);
      expect(await one(q, `select held_in_escrow_cents::int, unbalanced_transactions from api.admin_money_summary()`))
        .toMatchObject({ held_in_escrow_cents: 50000 + 80000, unbalanced_transactions: 0 }); // and the seed's disputed $800.00
    });
  });

  test('brands see funded, released and refunded per campaign; admins the platform totals', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const deliverable = await submit(q);
      await become(q, ids.brand);
      await q.query(`select api.review_deliverable($1, 'approved')`, [deliverable]);
      const row = await one(q, `select funded_cents::int, in_escrow_cents::int, released_cents::int, refunded_cents::int
        from api.brand_money_by_campaign() where campaign_id = $1`, [ids.campaign(1)]);
      // The seed's direct $500.00 payment for campaign 1 plus this hire's $500.00.
      expect(row).toEqual({ funded_cents: 100000, in_escrow_cents: 0, released_cents: 100000, refunded_cents: 0 });
      await become(q, CREATOR);
      expect(await fails(q, `select * from api.admin_money_summary()`)).toMatchObject({ code: '42501' });
      await become(q, ids.admin);
      const summary = await one<{ fees_earned_cents: string }>(q, `select fees_earned_cents from api.admin_money_summary()`);
      expect(Number(summary.fees_earned_cents)).toBeGreaterThanOrEqual(7500);
    });
  });
});
