import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { ids } from '../../testkit/db/personas.ts';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';

// Races need committed rows and separate connections: this file has its own database and commits.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
});
afterAll(async () => {
  await t?.drop();
});

const APP = ids.application(6);
const CREATOR = ids.creatorN(8);

/** One committed transaction as `who` (a user id, 'service_role' or 'postgres'); errors are returned. */
async function committed<T>(who: string, fn: (q: Queryable) => Promise<T>): Promise<T | { error: string }> {
  return t.db.withConnection(async (q) => {
    await q.exec('begin');
    try {
      if (who !== 'postgres') {
        const role = who === 'service_role' ? 'service_role' : 'authenticated';
        await q.exec(`set local role ${role}`);
        await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(role === 'service_role' ? { role } : { sub: who, role })]);
      }
      const out = await fn(q);
      await q.exec('commit');
      return out;
    } catch (e) {
      await q.exec('rollback');
      return { error: (e as { detail?: string; message: string }).detail ?? (e as Error).message };
    }
  });
}

async function scalar(sql: string, params: unknown[] = []): Promise<unknown> {
  const r = await t.db.query<{ v: unknown }>(sql, params);
  return r.rows[0]?.v;
}

test('20 concurrent approvals and scheduler runs release the hire exactly once', async () => {
  await committed('postgres', async (q) => {
    await q.query(`update app.platform_settings set escrow_enabled = true`);
    await q.query(`update app.applications set status = 'accepted' where id = $1`, [APP]);
    const { rows } = await q.query<{ id: string }>(`select id from app.escrows where application_id = $1`, [APP]);
    await q.query(`insert into app.payments (escrow_id, amount_cents, status, stripe_payment_id, stripe_status, payment_method)
      values ($1, 50000, 'completed', 'pi_race', 'succeeded', 'card')`, [rows[0]!.id]);
    await q.query(`insert into app.deliverables (id, application_id, content_url) values ('00000000-0000-0000-0003-0000000000aa', $1, 'https://x.test/v')`, [APP]);
    await q.query(`update app.deliverables set review_due_at = now() - interval '1 minute' where id = '00000000-0000-0000-0003-0000000000aa'`);
  });
  expect(await scalar(`select status as v from app.escrows where application_id = $1`, [APP])).toBe('funded');

  const runs = Array.from({ length: 20 }, (_, i) =>
    i % 2 === 0
      ? committed(ids.brand, (q) => q.query(`select api.review_deliverable('00000000-0000-0000-0003-0000000000aa', 'approved')`))
      : committed('service_role', (q) => q.query(`select api.run_auto_approvals()`)),
  );
  await Promise.all(runs);

  expect(await scalar(`select count(*)::int as v from app.ledger_transactions t join app.escrows e on e.id = t.escrow_id
    where e.application_id = $1 and t.kind = 'release'`, [APP])).toBe(1);
  expect(await scalar(`select -sum(amount_cents)::int as v from app.ledger_entries where creator_id = $1 and account = 'creator_available'`, [CREATOR])).toBe(42500);
  expect(await scalar(`select status as v from app.escrows where application_id = $1`, [APP])).toBe('released');
});

test('20 concurrent payout runs for one creator make one payout of the balance', async () => {
  await committed('service_role', async (q) => {
    await q.query(`select api.payout_account_save($1, 'PE', 'acct_race')`, [CREATOR]);
    await q.query(`select api.payout_account_record('acct_race', true, 'BCP •••• 4321')`);
  });
  const results = await Promise.all(
    Array.from({ length: 20 }, () => committed('service_role', async (q) => (await q.query<{ payout_id: string }>(`select * from api.payout_begin($1, 'schedule')`, [CREATOR])).rows[0]!.payout_id)),
  );
  expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
  expect(await scalar(`select count(*)::int as v from app.payouts where creator_id = $1`, [CREATOR])).toBe(1);
  expect(await scalar(`select count(*)::int as v from app.ledger_transactions where creator_id = $1 and kind = 'payout'`, [CREATOR])).toBe(1);
  expect(await scalar(`select amount_cents::int as v from app.payouts where creator_id = $1`, [CREATOR])).toBe(42500);
});
