import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Migration 20250201000200: the api functions the scheduled delivery-verify and refresh runs use are the
// service role's only; the admins' list of removed posts is the admins' only; a removal is told once.

const ctx = useSeededDatabase();
const users = [as(ids.creator), as(ids.brand), as(ids.admin)];

describe('service-role functions of the delivery and refresh jobs', () => {
  test.each([
    ['delivery_check_account', `select * from api.delivery_check_account($1, 'tiktok')`, [ids.creator]],
    ['social_account_refresh_later', `select api.social_account_refresh_later($1, 60)`, ['00000000-0000-0000-0000-000000000001']],
  ])('%s: refused to anon, creators, brands and admins', async (_name, sql, params) => {
    for (const p of ['anon' as const, ...users]) expect((await errorAs(ctx.db, p, sql, params)).code).toBe('42501');
  });

  test('delivery_check_account: the creator\'s account on that platform, never a token', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const { rows: [acc] } = await q.query<{ id: string; creator_id: string; platform: string }>(`select id, creator_id, platform from app.social_accounts order by id limit 1`);
      await q.query('set local role service_role');
      const { rows } = await q.query(`select * from api.delivery_check_account($1, $2)`, [acc!.creator_id, acc!.platform]);
      expect(rows.map((r) => Object.keys(r).sort())).toEqual([['id', 'platform_user_id', 'status']]);
      expect(rows[0]!.id).toBe(acc!.id);
    });
  });

  test('social_account_refresh_later: brings the slot forward to Retry-After (1 minute at least), never later than it was', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const { rows: [s] } = await q.query<{ account_id: string }>(`select account_id from app.social_refresh_schedule order by account_id limit 1`);
      await q.query(`update app.social_refresh_schedule set due_at = now() + interval '1 day' where account_id = $1`, [s!.account_id]);
      await q.query('set local role service_role');
      await q.query(`select api.social_account_refresh_later($1, 5)`, [s!.account_id]);
      await q.query('reset role');
      const wait = async () => (await q.query<{ w: number }>(`select extract(epoch from due_at - now())::int w from app.social_refresh_schedule where account_id = $1`, [s!.account_id])).rows[0]!.w;
      expect(await wait()).toBe(60);
      await q.query(`select api.social_account_refresh_later($1, 3600)`, [s!.account_id]);
      expect(await wait()).toBe(60);
    });
  });
});

describe('removed posts', () => {
  test('flagged once, both sides told once, and only admins list them', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const { rows: [d] } = await q.query<{ id: string; creator_id: string; brand_id: string }>(`select id, creator_id, brand_id from app.deliverables order by id limit 1`);
      await q.query('set local role service_role');
      await q.query(`select api.record_delivery_check(deliverable_id => $1, outcome => 'verified', platform => 'tiktok', post_id => '123',
        published_at => now() - interval '2 days', disclosure_via => 'hashtag')`, [d!.id]);
      for (const checkpoint of ['24h', '7d']) {
        expect((await q.query(`select api.record_post_snapshot($1, $2, true, is_live => false, removed_as => 'private') r`, [d!.id, checkpoint])).rows).toEqual([{ r: true }]);
      }
      // A retried run of a taken checkpoint changes nothing.
      expect((await q.query(`select api.record_post_snapshot($1, '7d', true, is_live => false) r`, [d!.id])).rows).toEqual([{ r: false }]);
      await q.query('reset role');
      const { rows: told } = await q.query<{ user_id: string }>(`select user_id from app.notifications where kind = 'post_removed' and deliverable_id = $1 order by 1`, [d!.id]);
      expect(told.map((t) => t.user_id)).toEqual([d!.creator_id, d!.brand_id].sort());
      await q.query('set local role authenticated');
      await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [ids.admin]);
      const { rows: listed } = await q.query<{ deliverable_id: string; removed_as: string }>(`select deliverable_id, removed_as from api.removed_posts()`);
      expect(listed).toContainEqual({ deliverable_id: d!.id, removed_as: 'private' });
    });
    for (const p of [as(ids.creator), as(ids.brand)]) expect((await errorAs(ctx.db, p, `select * from api.removed_posts()`)).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', `select * from api.removed_posts()`)).code).toBe('42501');
  });
});

describe('the scheduler clock of the snapshot functions (migration 20250202000201)', () => {
  test('due_post_snapshots lists what is due by `at`; record_post_snapshot dates the reading `at`', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const { rows: [d] } = await q.query<{ id: string }>(`select id from app.deliverables order by id desc limit 1`);
      await q.query('set local role service_role');
      await q.query(`select api.record_delivery_check(deliverable_id => $1, outcome => 'verified', platform => 'tiktok', post_id => '456',
        published_at => now() - interval '1 hour', disclosure_via => 'hashtag')`, [d!.id]);
      const due = async (at: string | null) =>
        (await q.query<{ checkpoint: string }>(`select checkpoint from api.due_post_snapshots(500, $1::timestamptz) where deliverable_id = $2`, [at, d!.id])).rows.map((r) => r.checkpoint);
      expect(await due(null)).toEqual([]);
      const at = new Date(Date.now() + 24 * 3600_000).toISOString();
      expect(await due(at)).toEqual(['24h']);
      expect((await q.query(`select api.record_post_snapshot($1, '24h', true, views => 10, is_live => true, at => $2) r`, [d!.id, at])).rows).toEqual([{ r: true }]);
      await q.query('reset role');
      const { rows: [s] } = await q.query<{ taken_at: Date }>(`select taken_at from app.post_snapshots where deliverable_id = $1 and checkpoint = '24h'`, [d!.id]);
      expect(s!.taken_at.toISOString()).toBe(at);
    });
  });
});
