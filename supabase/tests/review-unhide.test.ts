import { describe, expect, test } from 'vitest';
import { all, become, completeHire, fails, failsAs, hireScenes, ISABELLA, one, OUTSIDERS } from '../../testkit/db/hire-scene.ts';
import { ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import type { Queryable } from '../../testkit/runtime.ts';

// Issue 30, item 9: a hidden review could not be shown again. api.admin_unhide_review (admins only,
// checked in SQL) clears the hiding, the review counts toward the rating again, and the audit log records
// 'review.unhide' with the admin. Scene as in admin-audit-log.test.ts: GlowLab hires Isabella.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;

/** GlowLab reviews Isabella's completed hire (1 star); the admin hides it. Returns the review's id. */
async function hiddenReview(q: Queryable): Promise<string> {
  await completeHire(q);
  await become(q, H.brand);
  const { id } = await one<{ id: string }>(q, `select api.submit_review($1, 1, 'Rude words here') as id`, [H.app]);
  // Both sides wrote? Not needed: publish it as the blind period's end would.
  await become(q, 'postgres');
  await q.query(`update app.reviews set published_at = now() where id = $1`, [id]);
  await become(q, ids.admin);
  await q.query(`select api.admin_hide_review($1, 'Insults the creator')`, [id]);
  return id;
}

async function state(q: Queryable, id: string) {
  await become(q, 'postgres');
  return one<{ hidden_at: string | null; hidden_reason: string | null; hidden_by: string | null; count: number }>(q,
    `select r.hidden_at, r.hidden_reason, r.hidden_by,
       coalesce((select u.review_count from app.user_ratings u where u.user_id = r.reviewee_id), 0)::int as count
     from app.reviews r where r.id = $1`, [id]);
}

describe('api.admin_unhide_review', () => {
  test('an admin shows a hidden review again: visible, counted, and logged as review.unhide by that admin', async () => {
    await scene(async (q) => {
      const id = await hiddenReview(q);
      const before = await state(q, id);
      expect(before.hidden_reason).toBe('Insults the creator');
      await become(q, 'postgres');
      const since = Number((await one<{ n: string }>(q, `select coalesce(max(id), 0) as n from app.admin_audit_log`)).n);
      await become(q, ids.admin);
      await q.query(`select api.admin_unhide_review($1)`, [id]);
      const after = await state(q, id);
      expect([after.hidden_at, after.hidden_reason, after.hidden_by]).toEqual([null, null, null]);
      expect(after.count).toBe(before.count + 1);
      // The reviewee and anyone else read it again.
      await become(q, H.creator);
      expect(await all(q, `select id from api.user_reviews($1)`, [H.creator])).toContainEqual({ id });
      await become(q, 'postgres');
      expect(await all(q, `select actor_id, action, target_type, target_id, before, after from app.admin_audit_log where id > $1 order by id`, [since]))
        .toEqual([{ actor_id: ids.admin, action: 'review.unhide', target_type: 'review', target_id: id,
          before: { hidden: true, reason: 'Insults the creator' }, after: { hidden: false } }]);
    });
  });

  test('brands, creators and anon are refused; the review stays hidden and nothing is logged', async () => {
    await scene(async (q) => {
      const id = await hiddenReview(q);
      await become(q, 'postgres');
      const since = Number((await one<{ n: string }>(q, `select coalesce(max(id), 0) as n from app.admin_audit_log`)).n);
      for (const who of [H.brand, H.creator, OUTSIDERS.brand]) {
        const e = await failsAs(q, who, `select api.admin_unhide_review($1)`, [id]);
        expect([e.code, e.detail], who).toEqual(['42501', 'not_admin']);
      }
      await q.exec('reset role');
      await q.exec('set local role anon');
      expect((await fails(q, `select api.admin_unhide_review($1)`, [id])).code).toBe('42501');
      expect((await state(q, id)).hidden_reason).toBe('Insults the creator');
      await become(q, 'postgres');
      expect(await all(q, `select id from app.admin_audit_log where id > $1`, [since])).toEqual([]);
    });
  });

  test('a review that is not hidden, or does not exist, is refused', async () => {
    await scene(async (q) => {
      const id = await hiddenReview(q);
      await become(q, ids.admin);
      await q.query(`select api.admin_unhide_review($1)`, [id]);
      let e = await failsAs(q, ids.admin, `select api.admin_unhide_review($1)`, [id]);
      expect([e.code, e.detail]).toEqual(['PT409', 'not_hidden']);
      e = await failsAs(q, ids.admin, `select api.admin_unhide_review($1)`, ['00000000-0000-0000-0000-00000000dead']);
      expect([e.code, e.detail]).toEqual(['PT404', 'review_not_found']);
    });
  });
});
