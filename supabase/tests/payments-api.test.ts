import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { as, errorAs, ids, rowsAs, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

// Seed: deliverable 2 (campaign 1, GlowLab, flat fee $500) is pending; approve it to pay it.
// Deliverable 1 (same campaign) is approved and already paid.
const approve2: [string, unknown[]] = [`update app.deliverables set status = 'approved' where id = $1`, [ids.deliverable(2)]];
const quote = `select campaign_title, compensation_type, brand_id, creator_id, payable_cents::int from api.payment_quote($1, $2)`;
const begin = `select payment_id, payment_amount_cents::int amount, payment_status, stripe_payment_id, created from api.payment_begin($1, $2)`;
const record = `select * from api.payment_record_stripe_state(
  stripe_payment_id => $1, target_status => $2, stripe_status => $3, known_payment_id => $4,
  amount_refunded_cents => $5, occurred_at => $6, event_id => $7, event_type => $8)`;

/** Runs steps as the service role in one rolled-back transaction (the payment functions' identity). */
async function asService<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
  return runAs(ctx.db, 'service_role', fn);
}

async function one<T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  return (await q.query<T>(sql, params)).rows[0]!;
}

const campaignType = (type: string, cents: number): [string, unknown[]] => [
  `update app.campaigns set compensation_type = $2, compensation_cents = $3 where id = $1`,
  [ids.campaign(1), type, cents],
];

describe('api.payment_quote (called with the caller JWT)', () => {
  test('the owning brand gets the flat fee of an approved, unpaid deliverable', async () => {
    const q = await runAs(ctx.db, 'postgres', async (c) => {
      await c.query(approve2[0], approve2[1]);
      await c.exec(`set local role authenticated`);
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.brand, role: 'authenticated' })]);
      return one(c, quote, [ids.deliverable(2), null]);
    });
    expect(q).toEqual({
      campaign_title: 'Morning Glow Serum Launch',
      compensation_type: 'flat_fee',
      brand_id: ids.brand,
      creator_id: ids.creator,
      payable_cents: 50000,
    });
  });

  /** The quote as `who` after the setup steps (run as postgres in the same transaction). */
  async function quoteAs(who: string, deliverable: string, amount: number | null, setup: Array<[string, unknown[]]> = []) {
    return runAs(ctx.db, 'postgres', async (c) => {
      for (const [sql, params] of setup) await c.query(sql, params);
      await c.exec(`set local role authenticated`);
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: who, role: 'authenticated' })]);
      try {
        return { row: await one(c, quote, [deliverable, amount]) };
      } catch (e) {
        return { error: e as { code: string; message: string; detail?: string } };
      }
    });
  }

  test('refuses the creator, another brand, an admin and anon', async () => {
    expect((await quoteAs(ids.creator, ids.deliverable(2), null, [approve2])).error).toMatchObject({ code: '42501', detail: 'not_owner' });
    // Another brand cannot even see the deliverable.
    expect((await quoteAs(ids.otherBrand, ids.deliverable(2), null, [approve2])).error).toMatchObject({ code: 'PT404' });
    expect((await quoteAs(ids.admin, ids.deliverable(2), null, [approve2])).error).toMatchObject({ code: '42501', detail: 'not_owner' });
    expect((await errorAs(ctx.db, 'anon', quote, [ids.deliverable(2), null])).code).toBe('42501');
  });

  test('refuses unapproved and already paid content', async () => {
    expect((await quoteAs(ids.brand, ids.deliverable(2), null)).error).toMatchObject({ code: 'PT409', detail: 'deliverable_not_approved' });
    expect((await quoteAs(ids.brand, ids.deliverable(1), null)).error).toMatchObject({ code: 'PT409', detail: 'already_paid' });
  });

  test('a refunded payment does not count as paid', async () => {
    const refunded: [string, unknown[]] = [`update app.payments set status = 'refunded' where id = $1`, [ids.payment(1)]];
    expect((await quoteAs(ids.brand, ids.deliverable(1), null, [refunded])).row).toMatchObject({ payable_cents: 50000 });
  });

  test('amounts follow the compensation type', async () => {
    // Flat fee: the compensation; another amount is refused.
    expect((await quoteAs(ids.brand, ids.deliverable(2), 50000, [approve2])).row).toMatchObject({ payable_cents: 50000 });
    expect((await quoteAs(ids.brand, ids.deliverable(2), 100, [approve2])).error).toMatchObject({ code: '22023', detail: 'amount_fixed' });
    // Performance: the brand's amount, required, within Stripe's limits.
    const perf = [approve2, campaignType('performance', 15000)];
    expect((await quoteAs(ids.brand, ids.deliverable(2), 12345, perf)).row).toMatchObject({ payable_cents: 12345, compensation_type: 'performance' });
    expect((await quoteAs(ids.brand, ids.deliverable(2), null, perf)).error).toMatchObject({ detail: 'amount_required', message: 'Enter the amount to pay' });
    expect((await quoteAs(ids.brand, ids.deliverable(2), 49, perf)).error).toMatchObject({ detail: 'amount_too_small' });
    expect((await quoteAs(ids.brand, ids.deliverable(2), 100000000, perf)).error).toMatchObject({ detail: 'amount_too_large' });
    // Product exchange: nothing unless a bonus is entered.
    const product = [approve2, campaignType('product', 0)];
    expect((await quoteAs(ids.brand, ids.deliverable(2), null, product)).error).toMatchObject({ detail: 'amount_required' });
    expect((await quoteAs(ids.brand, ids.deliverable(2), 2500, product)).row).toMatchObject({ payable_cents: 2500 });
    // A flat fee of $0 has nothing fixed: the brand enters the amount.
    expect((await quoteAs(ids.brand, ids.deliverable(2), 700, [approve2, campaignType('flat_fee', 0)])).row).toMatchObject({ payable_cents: 700 });
  });
});

describe('api.payment_begin (service role)', () => {
  test('creates one pending attempt and returns the same open attempt afterwards', async () => {
    await asService(async (q) => {
      await q.query(approve2[0], approve2[1]);
      const first = await one<{ payment_id: string; amount: number; payment_status: string; created: boolean }>(q, begin, [ids.deliverable(2), 50000]);
      expect(first).toMatchObject({ amount: 50000, payment_status: 'pending', stripe_payment_id: null, created: true });
      const again = await one(q, begin, [ids.deliverable(2), 12345]);
      // The open attempt is returned as it is; the caller sees the amount differs.
      expect(again).toMatchObject({ payment_id: first.payment_id, amount: 50000, created: false });
      const row = await one(q, `select creator_id, brand_id, status, payment_method from app.payments where id = $1`, [first.payment_id]);
      expect(row).toEqual({ creator_id: ids.creator, brand_id: ids.brand, status: 'pending', payment_method: 'card' });
    });
  });

  test('refuses paid, unapproved and unknown deliverables', async () => {
    expect(await errorAs(ctx.db, 'service_role', begin, [ids.deliverable(1), 50000])).toMatchObject({ code: 'PT409', detail: 'already_paid' });
    expect(await errorAs(ctx.db, 'service_role', begin, [ids.deliverable(2), 50000])).toMatchObject({ code: 'PT409', detail: 'deliverable_not_approved' });
    expect(await errorAs(ctx.db, 'service_role', begin, ['00000000-0000-0000-0003-0000000000ff', 50000])).toMatchObject({ code: 'PT404' });
  });

  test('users cannot call the writing functions', async () => {
    for (const who of [ids.brand, ids.creator, ids.admin]) {
      expect((await errorAs(ctx.db, as(who), begin, [ids.deliverable(1), 50000])).code).toBe('42501');
      expect((await errorAs(ctx.db, as(who), record, ['pi_demo_0001', 'refunded', null, null, null, null, null, null])).code).toBe('42501');
    }
    expect((await errorAs(ctx.db, 'anon', begin, [ids.deliverable(1), 50000])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.brand), `select * from app.stripe_events`)).code).toBe('42501');
  });

  test('a second open attempt for one deliverable is impossible even by direct insert', async () => {
    await asService(async (q) => {
      await q.query(approve2[0], approve2[1]);
      await q.query(begin, [ids.deliverable(2), 50000]);
      await expect(q.query(`insert into app.payments (deliverable_id, amount_cents) values ($1, 100)`, [ids.deliverable(2)])).rejects.toMatchObject({ code: '23505' });
    });
  });

  test('concurrent begins on separate connections get one attempt', async () => {
    // Committed work on a scratch deliverable, cleaned up afterwards (other tests see the seed).
    const db = ctx.db;
    await db.query(approve2[0], approve2[1]);
    try {
      const runs = await Promise.all(
        Array.from({ length: 4 }, () =>
          db.withConnection(async (c) => {
            await c.exec('begin');
            await c.exec('set local role service_role');
            const r = await one<{ payment_id: string }>(c, begin, [ids.deliverable(2), 50000]);
            await c.exec('commit');
            return r.payment_id;
          }),
        ),
      );
      expect(new Set(runs).size).toBe(1);
      expect((await db.query(`select count(*)::int n from app.payments where deliverable_id = $1`, [ids.deliverable(2)])).rows[0]).toEqual({ n: 1 });
    } finally {
      await db.query(`delete from app.payments where deliverable_id = $1`, [ids.deliverable(2)]);
      await db.query(`update app.deliverables set status = 'pending' where id = $1`, [ids.deliverable(2)]);
    }
  });
});

describe('app.open_card_payment (the three begins share it)', () => {
  const open = 'select payment_id, created from app.open_card_payment($1, $2, $3, $4)';
  test('it names exactly one subject; a retry after a failed card on a live intent reuses the attempt, a canceled intent opens a new one', async () => {
    expect(await errorAs(ctx.db, 'service_role', open, [ids.deliverable(2), ids.deliverable(2), null, 100])).toMatchObject({ code: '22023', detail: 'payment_subject_invalid' });
    expect(await errorAs(ctx.db, 'service_role', open, [null, null, null, 100])).toMatchObject({ code: '22023', detail: 'payment_subject_invalid' });
    await asService(async (q) => {
      await q.query(approve2[0], approve2[1]);
      const first = await one<{ payment_id: string; created: boolean }>(q, open, [ids.deliverable(2), null, null, 50000]);
      expect(first.created).toBe(true);
      await q.query(record, ['pi_open', 'failed', 'requires_payment_method', first.payment_id, null, null, null, null]);
      expect(await one(q, open, [ids.deliverable(2), null, null, 50000])).toEqual({ payment_id: first.payment_id, created: false });
      await q.query(record, ['pi_open', 'failed', 'canceled', first.payment_id, null, null, null, null]);
      const next = await one<{ payment_id: string; created: boolean }>(q, open, [ids.deliverable(2), null, null, 50000]);
      expect(next.created).toBe(true);
      expect(next.payment_id).not.toBe(first.payment_id);
    });
  });
  test('users cannot open payments through it', async () => {
    for (const who of [ids.brand, ids.creator, ids.admin]) {
      expect((await errorAs(ctx.db, as(who), open, [ids.deliverable(2), null, null, 100])).code).toBe('42501');
    }
  });
});

describe('api.payment_record_stripe_state (service role)', () => {
  /** A pending attempt on deliverable 2 with PaymentIntent pi_t, inside the transaction. */
  async function pendingAttempt(q: Queryable): Promise<string> {
    await q.query(approve2[0], approve2[1]);
    const { payment_id } = await one<{ payment_id: string }>(q, begin, [ids.deliverable(2), 50000]);
    await q.query(record, ['pi_t', 'pending', 'requires_payment_method', payment_id, null, null, null, null]);
    return payment_id;
  }
  const state = (q: Queryable, id: string) =>
    one(q, `select status, stripe_status, stripe_payment_id, amount_refunded_cents::int refunded, payment_date is not null paid_at from app.payments where id = $1`, [id]);
  const apply = (q: Queryable, target: string, stripe: string | null, event?: string, refunded?: number) =>
    one<{ outcome: string; status: string }>(q, record, ['pi_t', target, stripe, null, refunded ?? null, null, event ?? null, event ? 'payment_intent.x' : null]);

  test('saves the intent id through the metadata payment id, then finds the payment by it', async () => {
    await asService(async (q) => {
      const id = await pendingAttempt(q);
      expect(await state(q, id)).toEqual({ status: 'pending', stripe_status: 'requires_payment_method', stripe_payment_id: 'pi_t', refunded: 0, paid_at: false });
      // Another intent cannot take over a payment that already has one.
      expect(await one(q, record, ['pi_other', 'completed', 'succeeded', id, null, null, null, null])).toMatchObject({ outcome: 'unknown_payment' });
    });
  });

  test('succeeded completes with a date; a replayed event is a duplicate', async () => {
    await asService(async (q) => {
      const id = await pendingAttempt(q);
      expect(await apply(q, 'completed', 'succeeded', 'evt_1')).toMatchObject({ outcome: 'applied', status: 'completed' });
      expect(await apply(q, 'completed', 'succeeded', 'evt_1')).toMatchObject({ outcome: 'duplicate', status: null });
      expect(await state(q, id)).toMatchObject({ status: 'completed', stripe_status: 'succeeded', paid_at: true });
      expect(await one(q, `select type, outcome, payment_id from app.stripe_events where id = 'evt_1'`)).toEqual({ type: 'payment_intent.x', outcome: 'applied', payment_id: id });
      // A reconcile that finds nothing new changes nothing.
      expect(await apply(q, 'completed', 'succeeded')).toMatchObject({ outcome: 'unchanged' });
    });
  });

  test('out of order: a late failure or pending never moves a completed payment back; refunded wins', async () => {
    await asService(async (q) => {
      const id = await pendingAttempt(q);
      await apply(q, 'completed', 'succeeded', 'evt_ok');
      expect(await apply(q, 'failed', 'requires_payment_method', 'evt_late_fail')).toMatchObject({ outcome: 'unchanged', status: 'completed' });
      expect(await apply(q, 'pending', 'requires_payment_method', 'evt_late_created')).toMatchObject({ status: 'completed' });
      expect(await apply(q, 'refunded', 'succeeded', 'evt_refund', 50000)).toMatchObject({ outcome: 'applied', status: 'refunded' });
      expect(await apply(q, 'completed', 'succeeded', 'evt_ok_again')).toMatchObject({ status: 'refunded' });
      expect(await state(q, id)).toMatchObject({ status: 'refunded', refunded: 50000 });
    });
  });

  test('refund before success (out of order) still ends refunded', async () => {
    await asService(async (q) => {
      const id = await pendingAttempt(q);
      await apply(q, 'refunded', 'succeeded', 'evt_r', 50000);
      await apply(q, 'completed', 'succeeded', 'evt_s');
      expect(await state(q, id)).toMatchObject({ status: 'refunded', paid_at: true });
    });
  });

  test('a declined attempt stays open; a canceled intent closes it for good', async () => {
    await asService(async (q) => {
      const id = await pendingAttempt(q);
      await apply(q, 'failed', 'requires_payment_method', 'evt_decline');
      // Still the open attempt: a new begin returns it.
      expect(await one(q, begin, [ids.deliverable(2), 50000])).toMatchObject({ payment_id: id, payment_status: 'failed', created: false });
      await apply(q, 'failed', 'canceled', 'evt_cancel');
      // A late decline event cannot reopen a canceled intent.
      await apply(q, 'failed', 'requires_payment_method', 'evt_decline_late');
      expect(await state(q, id)).toMatchObject({ status: 'failed', stripe_status: 'canceled' });
      expect(await one(q, begin, [ids.deliverable(2), 50000])).toMatchObject({ created: true });
    });
  });

  test('a declined attempt that is retried and succeeds completes', async () => {
    await asService(async (q) => {
      const id = await pendingAttempt(q);
      await apply(q, 'failed', 'requires_payment_method', 'evt_d');
      await apply(q, 'completed', 'succeeded', 'evt_s');
      expect(await state(q, id)).toMatchObject({ status: 'completed' });
      await expect(q.query(begin, [ids.deliverable(2), 50000])).rejects.toMatchObject({ detail: 'already_paid' });
    });
  });

  test('events for unknown PaymentIntents are recorded as such', async () => {
    await asService(async (q) => {
      expect(await one(q, record, ['pi_nobody', 'completed', 'succeeded', null, null, null, 'evt_x', 'payment_intent.succeeded'])).toMatchObject({ outcome: 'unknown_payment' });
      expect(await one(q, `select outcome from app.stripe_events where id = 'evt_x'`)).toEqual({ outcome: 'unknown_payment' });
      expect(await one(q, record, ['pi_nobody', 'completed', 'succeeded', null, null, null, 'evt_x', 'payment_intent.succeeded'])).toMatchObject({ outcome: 'duplicate' });
    });
  });

  test('rejects an unknown target status', async () => {
    expect(await errorAs(ctx.db, 'service_role', record, ['pi_demo_0001', 'paid', null, null, null, null, null, null])).toMatchObject({ code: '22023' });
  });
});

describe('api.payment_for_intent and api.deliverable_detail', () => {
  test('the status check is for the paying brand only', async () => {
    const q = `select deliverable_id, campaign_title, amount_cents::int, status from api.payment_for_intent($1)`;
    expect(await rowsAs(ctx.db, as(ids.brand), q, ['pi_demo_0001'])).toEqual([
      { deliverable_id: ids.deliverable(1), campaign_title: 'Morning Glow Serum Launch', amount_cents: 50000, status: 'completed' },
    ]);
    expect(await errorAs(ctx.db, as(ids.creator), q, ['pi_demo_0001'])).toMatchObject({ code: '42501', detail: 'not_payer' });
    expect(await errorAs(ctx.db, as(ids.admin), q, ['pi_demo_0001'])).toMatchObject({ code: '42501' });
    expect(await errorAs(ctx.db, as(ids.otherBrand), q, ['pi_demo_0001'])).toMatchObject({ code: 'PT404' });
    expect(await errorAs(ctx.db, as(ids.brand), q, ['pi_missing'])).toMatchObject({ code: 'PT404' });
    expect((await errorAs(ctx.db, 'anon', q, ['pi_demo_0001'])).code).toBe('42501');
  });

  test('a deliverable with its campaign, parties and payment, for its brand and creator only', async () => {
    const q = `select id, status, campaign_title, compensation_type, compensation_cents::int, brand_name, creator_name,
      payment_status, payment_amount_cents::int, payment_date is not null paid from api.deliverable_detail($1)`;
    const expected = {
      id: ids.deliverable(1),
      status: 'approved',
      campaign_title: 'Morning Glow Serum Launch',
      compensation_type: 'flat_fee',
      compensation_cents: 50000,
      brand_name: 'GlowLab Skincare',
      creator_name: expect.any(String),
      payment_status: 'completed',
      payment_amount_cents: 50000,
      paid: true,
    };
    expect(await rowsAs(ctx.db, as(ids.brand), q, [ids.deliverable(1)])).toEqual([expected]);
    expect(await rowsAs(ctx.db, as(ids.creator), q, [ids.deliverable(1)])).toEqual([expected]);
    // Not for another brand, another creator, nor an admin.
    for (const who of [ids.otherBrand, ids.otherCreator, ids.admin]) expect(await rowsAs(ctx.db, as(who), q, [ids.deliverable(1)])).toEqual([]);
    expect((await errorAs(ctx.db, 'anon', q, [ids.deliverable(1)])).code).toBe('42501');
    // Unpaid content has no payment yet.
    expect(await rowsAs(ctx.db, as(ids.brand), `select payment_id, payment_status from api.deliverable_detail($1)`, [ids.deliverable(2)])).toEqual([
      { payment_id: null, payment_status: null },
    ]);
  });

  test('creator Total Earnings is what reached their balance after the fee; a later refund is the platform\'s loss', async () => {
    const earnings = await runAs(ctx.db, 'postgres', async (c) => {
      await c.query(`update app.payments set status = 'refunded', amount_refunded_cents = amount_cents where id = $1`, [ids.payment(2)]);
      // A payment still pending has not reached anyone.
      await c.query(`insert into app.deliverables (id, application_id, content_url, status) values ('00000000-0000-0000-0003-0000000000cc', $1, 'https://x.test/p', 'approved')`, [ids.application(1)]);
      await c.query(`insert into app.payments (deliverable_id, amount_cents, status) values ('00000000-0000-0000-0003-0000000000cc', 9900, 'pending')`);
      await c.exec(`set local role authenticated`);
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.creator, role: 'authenticated' })]);
      return one<{ n: number }>(c, `select total_earnings_cents::int n from api.creator_dashboard()`);
    });
    // $500.00 and $150.00 less the 15% fee (rounded down to the cent): $425.00 + $127.50.
    expect(earnings).toEqual({ n: 55250 });
  });
});
