import { describe, expect, test } from 'vitest';
import { as, ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

/** The counters as the triggers left them, per metric and bucket (rows summed, empty keys left out). */
const COUNTERS = `select metric, bucket::text, sum(n)::text n, sum(cents)::text cents from app.stat_counters
  group by metric, bucket having sum(n) <> 0 or sum(cents) <> 0 order by metric, bucket`;

type Q = Parameters<Parameters<typeof runAs>[2]>[0];

/** Counters kept by the triggers equal the ones recomputed from the tables. */
async function expectCountersMatchRebuild(q: Q): Promise<void> {
  const kept = (await q.query(COUNTERS)).rows;
  const unbalanced = (await q.query('select transaction_id::text from app.ledger_unbalanced order by 1')).rows;
  await q.query('select app.stat_counters_rebuild()');
  expect(kept).toEqual((await q.query(COUNTERS)).rows);
  expect(unbalanced).toEqual((await q.query('select transaction_id::text from app.ledger_unbalanced order by 1')).rows);
}

describe('platform counters (app.stat_counters)', () => {
  test('what the seed wrote through the triggers equals a rebuild from the tables', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      expect(Number((await q.query<{ n: string }>('select count(*) n from app.stat_counters')).rows[0]!.n)).toBeGreaterThan(0);
      await expectCountersMatchRebuild(q);
    });
  });

  test('inserts, status and type changes, deletes and back-dated ledger transactions keep them exact', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.campaigns set status = 'paused' where id = (select id from app.campaigns where status = 'active' order by id limit 1)`);
      await q.query(`update app.campaigns set content_type = 'reel', platforms = array['youtube', 'twitter']
        where id = (select id from app.campaigns where status = 'active' order by id desc limit 1)`);
      await q.query(`update app.applications set status = 'rejected' where id = (select id from app.applications where status = 'pending' order by id limit 1)`);
      await q.query(`update app.profiles set role = 'brand' where id = (select id from app.profiles where role = 'creator' order by id limit 1)`);
      await q.query(`update app.payments set status = 'refunded' where id = (select id from app.payments where status = 'completed' order by id limit 1)`);
      await q.query(`alter table app.ledger_transactions disable trigger ledger_transactions_append_only`);
      await q.query(`update app.ledger_transactions set created_at = created_at - interval '40 days'
        where id = (select transaction_id from app.ledger_entries order by id limit 1)`);
      await q.query(`alter table app.ledger_transactions enable trigger ledger_transactions_append_only`);
      await q.query(`delete from app.campaigns c where c.id = (select x.id from app.campaigns x
        where not exists (select 1 from app.applications a where a.campaign_id = x.id) order by x.created_at limit 1)`);
      await expectCountersMatchRebuild(q);
    });
  });

  test('a write appends rows and updates none, so no writer ever waits on a counter row another holds', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await q.query('select app.stat_counters_compact()');
      const rows = async () => (await q.query<{ id: string; n: string }>('select id::text, n::text from app.stat_counters order by id')).rows;
      const before = await rows();
      await q.query(`update app.applications set status = 'rejected' where id = (select id from app.applications where status = 'pending' order by id limit 1)`);
      const after = await rows();
      // Every row there was is there unchanged; the change came as new rows.
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.length).toBeGreaterThan(before.length);
    });
  });

  test('compaction folds each key into one row and changes no sum', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.applications set status = 'rejected' where id = (select id from app.applications where status = 'pending' order by id limit 1)`);
      const before = (await q.query(COUNTERS)).rows;
      await q.query('select app.stat_counters_compact()');
      expect((await q.query(COUNTERS)).rows).toEqual(before);
      const perKey = await q.query('select 1 from app.stat_counters group by metric, bucket having count(*) > 1');
      expect(perKey.rows).toEqual([]);
      expect((await q.query('select 1 from app.stat_counters where n = 0 and cents = 0')).rows).toEqual([]);
    });
  });

  test('a ledger transaction is unbalanced only until its last entry', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const tx = (await q.query<{ id: string }>(`insert into app.ledger_transactions (kind, subject_id, memo)
        values ('chargeback', 'counters-test', 'test') returning id`)).rows[0]!.id;
      await q.query(`insert into app.ledger_entries (transaction_id, account, amount_cents) values ($1, 'stripe_balance', 700)`, [tx]);
      expect((await q.query('select cents::int from app.ledger_unbalanced where transaction_id = $1', [tx])).rows).toEqual([{ cents: 700 }]);
      await q.query(`insert into app.ledger_entries (transaction_id, account, amount_cents) values ($1, 'platform_losses', -700)`, [tx]);
      expect((await q.query('select 1 from app.ledger_unbalanced where transaction_id = $1', [tx])).rows).toEqual([]);
    });
  });

  test('browse_campaigns_count without a keyword (counters) equals counting the rows', async () => {
    for (const [type, platform] of [[null, null], ['video', null], [null, 'youtube'], ['reel', 'tiktok'], ['video', 'all'], ['nope', null], [null, 'myspace']]) {
      const counted = await runAs(ctx.db, as(ids.creator), async (q) => {
        const fromCounters = (await q.query<{ n: number }>('select api.browse_campaigns_count(null, $1, $2) n', [type, platform])).rows[0]!.n;
        const rows = (await q.query('select * from api.browse_campaigns(null, $1, $2, null, null, 100)', [type, platform])).rows;
        return { fromCounters, rows: rows.length };
      });
      expect(counted.fromCounters, `${type} ${platform}`).toBe(counted.rows);
    }
  });
});
