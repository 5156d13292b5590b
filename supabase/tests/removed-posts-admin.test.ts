import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Migration 20250202000200: api.removed_posts, the admins' screen of removed posts, names the campaign, the
// creator and the brand, newest removal first. Admins only: every other role is refused.

const ctx = useSeededDatabase();

describe('api.removed_posts', () => {
  test('an admin lists removed posts, newest first, with the campaign, creator and brand names', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const { rows: ds } = await q.query<{ id: string; title: string; creator: string; brand: string }>(
        `select d.id, c.title, cr.full_name creator, coalesce(bp.company_name, br.full_name) brand
         from app.deliverables d join app.campaigns c on c.id = d.campaign_id
         join app.profiles cr on cr.id = d.creator_id join app.profiles br on br.id = d.brand_id
         left join app.brand_profiles bp on bp.user_id = d.brand_id
         order by d.id limit 2`,
      );
      expect(ds).toHaveLength(2);
      await q.query('set local role service_role');
      for (const [i, d] of ds.entries()) {
        await q.query(`select api.record_delivery_check(deliverable_id => $1, outcome => 'verified', platform => 'tiktok', post_id => $2,
          published_at => now() - interval '2 days', disclosure_via => 'hashtag')`, [d.id, `rp-${i}`]);
        await q.query(`select api.record_post_snapshot($1, '24h', true, is_live => false, removed_as => $2)`, [d.id, i === 0 ? 'deleted' : 'private']);
      }
      await q.query('reset role');
      // The first removal is dated an hour earlier, so the second comes first.
      await q.query(`update app.delivery_checks set removed_at = now() - interval '1 hour' where deliverable_id = $1`, [ds[0]!.id]);
      await q.query('set local role authenticated');
      await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [ids.admin]);
      const { rows } = await q.query<{ deliverable_id: string; removed_as: string; campaign_title: string; creator_name: string; brand_name: string; platform: string; live_until: string | null }>(
        `select deliverable_id, removed_as, campaign_title, creator_name, brand_name, platform, live_until from api.removed_posts()`,
      );
      const mine = rows.filter((r) => ds.some((d) => d.id === r.deliverable_id));
      expect(mine.map((r) => r.deliverable_id)).toEqual([ds[1]!.id, ds[0]!.id]);
      expect(mine.map((r) => [r.removed_as, r.campaign_title, r.creator_name, r.brand_name, r.platform])).toEqual([
        ['private', ds[1]!.title, ds[1]!.creator, ds[1]!.brand, 'tiktok'],
        ['deleted', ds[0]!.title, ds[0]!.creator, ds[0]!.brand, 'tiktok'],
      ]);
      expect((await q.query(`select deliverable_id from api.removed_posts(1)`)).rows).toHaveLength(1);
    });
  });

  test('refused to anon, creators, brands and the service role', async () => {
    for (const p of ['anon' as const, as(ids.creator), as(ids.brand), 'service_role' as const]) {
      expect((await errorAs(ctx.db, p, `select * from api.removed_posts()`)).code).toBe('42501');
    }
  });
});
