import { describe, expect, test } from 'vitest';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import { acceptAndFund, all, become, decide, fails, hireScenes, ISABELLA, openDispute, submit } from '../../testkit/db/hire-scene.ts';
import { ids } from '../../testkit/db/personas.ts';
import type { Queryable } from '../../testkit/runtime.ts';

// Deleting an account removes its hires in one statement of cascades and set-nulls. A row naming the user
// twice (a dispute the creator opened; a round the brand decided) set null twice has all its foreign keys
// checked, and in an order that follows cluster-wide OIDs its parent could already be gone (migration
// 20250131000910). The profile's hires now go first, so no row under them is ever set null.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);

/** A hire with a round decided by the brand and a dispute opened by the creator. */
async function disputedHire(q: Queryable) {
  await acceptAndFund(q);
  await decide(q, await submit(q), 'changes_requested', 'Show the label.');
  await openDispute(q, ISABELLA.creator);
  await become(q, 'postgres');
}

/** Any update of a row of these tables during the deletion fails the test (rolled back with the scene). */
async function refuseUpdatesOf(q: Queryable, tables: string[]) {
  await q.query(`create function app.zz_refuse_update() returns trigger language plpgsql as $$
    begin raise exception 'updated %', tg_table_name; end $$`);
  for (const t of tables) await q.query(`create trigger zz_refuse before update on app.${t} for each row execute function app.zz_refuse_update()`);
}

const UNDER_A_HIRE = ['disputes', 'deliverable_rounds', 'application_events', 'drafts', 'reviews'];

describe('deleting an account with hires', () => {
  for (const who of ['creator', 'brand'] as const) {
    test(`the ${who}'s hires go before any row under them is set null; the whole hire is gone`, async () => {
      await scene(async (q) => {
        await disputedHire(q);
        await refuseUpdatesOf(q, UNDER_A_HIRE);
        await q.query(`delete from auth.users where id = $1`, [who === 'creator' ? ISABELLA.creator : ISABELLA.brand]);
        for (const t of ['applications', 'escrows', 'deliverables', ...UNDER_A_HIRE]) {
          expect(await all(q, `select 1 from app.${t} where application_id = $1`.replace('where application_id', t === 'applications' ? 'where id' : 'where application_id'), [ISABELLA.app])).toEqual([]);
        }
      });
    });
  }

  test('the last admin is still refused before anything is deleted', async () => {
    await scene(async (q) => {
      await q.query(`delete from auth.users where id in (select id from app.profiles where role = 'admin' and id <> $1)`, [ids.admin]);
      const before = await all(q, `select count(*)::int n from app.applications`);
      expect(await fails(q, `delete from auth.users where id = $1`, [ids.admin])).toMatchObject({ code: expect.any(String) });
      expect(await all(q, `select count(*)::int n from app.applications`)).toEqual(before);
    });
  });
});
