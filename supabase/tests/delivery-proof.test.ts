import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import type { Queryable } from '../../testkit/runtime.ts';

// Issue 35 items 4-6 (migration 20250131000300, decision 0055): the verification of a delivered URL is
// written by delivery-verify with the service role only; the parties and admins read it; a verified post
// gets its 24 h / 7 d / 30 d snapshots, once each, retried with backoff after a failed read; a post gone
// inside its live period is flagged; the brand's per-creator results cost the hire per view/engagement.

const ctx = useSeededDatabase();

type Hire = { deliverable: string; campaign: string; creator: string; brand: string; amount: number };

/** A seeded deliverable whose hire is paid for (escrow funded or released), and its parties. */
async function paidDelivery(q: Queryable): Promise<Hire> {
  const { rows } = await q.query<{ deliverable: string; campaign: string; creator: string; brand: string; amount: string | number }>(
    `select d.id as deliverable, d.campaign_id as campaign, d.creator_id as creator, d.brand_id as brand, e.amount_cents as amount
     from app.deliverables d join app.escrows e on e.application_id = d.application_id and e.status in ('funded', 'released')
     order by d.id limit 1`);
  const r = rows[0]!;
  return { ...r, amount: Number(r.amount) };
}

const clock = (q: Queryable, at: string) => q.query(`select set_config('app.scheduler_clock', $1, true)`, [at]);
const actAs = (q: Queryable, persona: 'service_role' | 'postgres') => q.query(`set local role ${persona}`);
const num = (v: unknown) => (v === null ? null : Number(v));

async function record(q: Queryable, deliverable: string, outcome: string, extra: Record<string, unknown> = {}) {
  const { rows } = await q.query<{ outcome: string; attempts: number; next_attempt_at: Date | null; live_until: Date | null }>(
    `select outcome, attempts, next_attempt_at, live_until from api.record_delivery_check(deliverable_id => $1, outcome => $2,
       platform => $3, post_id => $4, published_at => $5, disclosure_via => $6, retry_after_seconds => $7)`,
    [deliverable, outcome, extra.platform ?? 'instagram', extra.post_id ?? 'C1a2B3c4D5e', extra.published_at ?? null,
      extra.disclosure_via ?? null, extra.retry_after ?? null]);
  return rows[0]!;
}

describe('verification of a delivered URL', () => {
  test('a submission is queued for checking at once, and editing the URL queues it again', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const h = await paidDelivery(q);
      const first = (await q.query(`select outcome, content_url, next_attempt_at is not null as due from app.delivery_checks where deliverable_id = $1`, [h.deliverable])).rows[0];
      expect(first).toMatchObject({ outcome: 'pending', due: true });
      await actAs(q, 'service_role');
      await record(q, h.deliverable, 'not_owner');
      await actAs(q, 'postgres');
      await q.query(`update app.deliverables set content_url = 'https://www.instagram.com/p/NEWcode123/' where id = $1`, [h.deliverable]);
      const again = (await q.query(`select outcome, content_url, attempts from app.delivery_checks where deliverable_id = $1`, [h.deliverable])).rows[0];
      expect(again).toEqual({ outcome: 'pending', content_url: 'https://www.instagram.com/p/NEWcode123/', attempts: 0 });
    });
  });

  test.each(['verified', 'not_owner', 'published_before_hire', 'missing_disclosure', 'no_connected_account', 'post_not_found'])(
    '%s is a final state the brand and the creator read before approving', async (outcome) => {
      const seen = await runAs(ctx.db, 'postgres', async (q) => {
        const h = await paidDelivery(q);
        await actAs(q, 'service_role');
        const k = await record(q, h.deliverable, outcome, { published_at: '2026-01-10T12:00:00Z', disclosure_via: outcome === 'verified' ? 'hashtag' : null });
        expect(k.next_attempt_at).toBeNull();
        const out: unknown[] = [];
        for (const who of [h.brand, h.creator, ids.admin]) {
          await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [who]);
          await q.query('set local role authenticated');
          out.push((await q.query<{ p: { outcome: string; snapshots: unknown[] } }>(`select api.delivery_proof($1) as p`, [h.deliverable])).rows[0]!.p);
          await actAs(q, 'postgres');
        }
        return out as Array<{ outcome: string; snapshots: Array<{ checkpoint: string }> }>;
      });
      for (const p of seen) expect(p.outcome).toBe(outcome);
      expect(seen[0]!.snapshots.map((s) => s.checkpoint)).toEqual(outcome === 'verified' ? ['24h', '7d', '30d'] : []);
    });

  test('platform_unavailable stays due after the Retry-After, then after a doubling backoff; never lost', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const h = await paidDelivery(q);
      await clock(q, '2026-03-01T10:00:00Z');
      await actAs(q, 'service_role');
      const k1 = await record(q, h.deliverable, 'platform_unavailable', { retry_after: 120 });
      expect(k1).toMatchObject({ outcome: 'platform_unavailable', attempts: 1 });
      expect(new Date(k1.next_attempt_at!).toISOString()).toBe('2026-03-01T10:02:00.000Z');
      const due = async (at: string) => {
        await clock(q, at);
        return (await q.query<{ id: string }>(`select id from api.due_delivery_checks(500) id`)).rows.map((r) => r.id);
      };
      expect(await due('2026-03-01T10:01:00Z')).not.toContain(h.deliverable);
      expect(await due('2026-03-01T10:02:00Z')).toContain(h.deliverable);
      const k2 = await record(q, h.deliverable, 'platform_unavailable');
      expect(new Date(k2.next_attempt_at!).toISOString()).toBe('2026-03-01T10:32:00.000Z'); // 2nd failure: 30 min
      const k3 = await record(q, h.deliverable, 'verified', { published_at: '2026-02-28T09:00:00Z' });
      expect(k3).toMatchObject({ outcome: 'verified', attempts: 3, next_attempt_at: null });
      expect(await due('2026-03-02T00:00:00Z')).not.toContain(h.deliverable);
    });
  });

  test('bad results are refused with a clear code', async () => {
    await runAs(ctx.db, 'service_role', async (q) => {
      const h = await paidDelivery(q);
      await expect(record(q, h.deliverable, 'pending')).rejects.toMatchObject({ code: '22023', detail: 'invalid_outcome' });
    });
    await runAs(ctx.db, 'service_role', async (q) => {
      const h = await paidDelivery(q);
      await expect(record(q, h.deliverable, 'verified')).rejects.toMatchObject({ code: '22023', detail: 'published_at_required' });
    });
    await runAs(ctx.db, 'service_role', async (q) => {
      await expect(record(q, ids.deliverable(999_999), 'not_owner')).rejects.toMatchObject({ code: 'PT404', detail: 'check_not_found' });
    });
    await runAs(ctx.db, 'service_role', async (q) => {
      const h = await paidDelivery(q);
      await expect(record(q, h.deliverable, 'looks_fine')).rejects.toMatchObject({ code: '23514' });
    });
  });
});

describe('permissions', () => {
  const serviceOnly = [
    `select api.record_delivery_check('${ids.deliverable(1)}', 'verified', 'instagram', 'x', now())`,
    `select api.due_delivery_checks(10)`,
    `select * from api.delivery_check_input('${ids.deliverable(1)}')`,
    `select * from api.due_post_snapshots(10)`,
    `select api.record_post_snapshot('${ids.deliverable(1)}', '24h', true, 1)`,
    // With the scheduler's clock (migration 20250202000201): still the service role's only.
    `select * from api.due_post_snapshots(10, now() + interval '1 day')`,
    `select api.record_post_snapshot('${ids.deliverable(1)}', '24h', true, 1, at => now() + interval '1 day')`,
  ];
  test.each(serviceOnly)('users and anon cannot call %s', async (sql) => {
    for (const who of [as(ids.creator), as(ids.brand), as(ids.admin), 'anon' as const]) {
      expect((await errorAs(ctx.db, who, sql)).code, JSON.stringify(who)).toBe('42501');
    }
  });

  test('users cannot write results or snapshots directly', async () => {
    const h = await runAs(ctx.db, 'postgres', paidDelivery);
    for (const who of [as(h.creator), as(h.brand), as(ids.admin)]) {
      expect((await errorAs(ctx.db, who, `update app.delivery_checks set outcome = 'verified' where deliverable_id = $1`, [h.deliverable])).code).toBe('42501');
      expect((await errorAs(ctx.db, who, `insert into app.delivery_checks (deliverable_id, application_id, content_url, outcome) select id, application_id, content_url, 'verified' from app.deliverables limit 1`)).code).toBe('42501');
      expect((await errorAs(ctx.db, who, `insert into app.post_snapshots (deliverable_id, checkpoint, due_at, views) values ($1, '24h', now(), 1)`, [h.deliverable])).code).toBe('42501');
    }
  });

  test('someone outside the hire reads neither the proof nor the rows; the brand turns its own disclosure rule', async () => {
    const h = await runAs(ctx.db, 'postgres', paidDelivery);
    const outsiderBrand = [ids.brand, ids.otherBrand, ids.thirdBrand].find((b) => b !== h.brand)!;
    const outsiderCreator = [ids.creator, ids.otherCreator].find((c) => c !== h.creator)!;
    for (const who of [outsiderBrand, outsiderCreator]) {
      expect(await errorAs(ctx.db, as(who), `select api.delivery_proof($1)`, [h.deliverable])).toMatchObject({ code: 'PT404', detail: 'deliverable_not_found' });
      expect((await runAs(ctx.db, as(who), (q) => q.query(`select 1 from app.delivery_checks where deliverable_id = $1`, [h.deliverable]))).rows).toEqual([]);
      expect(await errorAs(ctx.db, as(who), `select * from api.campaign_delivery_results($1)`, [h.campaign])).toMatchObject({ code: 'PT404', detail: 'campaign_not_found' });
    }
    expect(await errorAs(ctx.db, 'anon', `select api.delivery_proof($1)`, [h.deliverable])).toMatchObject({ code: '42501' });
    const tags = await runAs(ctx.db, as(h.brand), async (q) => {
      await q.query(`update app.campaigns set disclosure_tags = array['patrocinado'] where id = $1`, [h.campaign]);
      return (await q.query(`select disclosure_tags from app.campaigns where id = $1`, [h.campaign])).rows[0];
    });
    expect(tags).toEqual({ disclosure_tags: ['patrocinado'] });
    for (const bad of [`array[]::text[]`, `array['#ad']`, `array['Ad']`]) {
      expect((await errorAs(ctx.db, as(h.brand), `update app.campaigns set disclosure_tags = ${bad} where id = $1`, [h.campaign])).code).toBe('23514');
    }
  });
});

describe('snapshots at 24 h, 7 d and 30 d', () => {
  async function verified(q: Queryable, publishedAt = '2026-01-10T12:00:00Z') {
    const h = await paidDelivery(q);
    await actAs(q, 'service_role');
    await record(q, h.deliverable, 'verified', { published_at: publishedAt, disclosure_via: 'hashtag' });
    return h;
  }
  const dueAt = async (q: Queryable, at: string, deliverable: string) => {
    await clock(q, at);
    return (await q.query<{ deliverable_id: string; checkpoint: string }>(`select deliverable_id, checkpoint from api.due_post_snapshots(500)`)).rows
      .filter((r) => r.deliverable_id === deliverable).map((r) => r.checkpoint);
  };
  const snap = (q: Queryable, d: string, checkpoint: string, ok: boolean, m: Record<string, unknown> = {}) =>
    q.query<{ r: boolean }>(`select api.record_post_snapshot(deliverable_id => $1, checkpoint => $2, ok => $3, views => $4, likes => $5,
      comments => $6, shares => $7, saves => $8, reach => $9, is_live => $10, removed_as => $11, error => $12, retry_after_seconds => $13) as r`,
      [d, checkpoint, ok, m.views ?? null, m.likes ?? null, m.comments ?? null, m.shares ?? null, m.saves ?? null, m.reach ?? null,
        m.is_live ?? null, m.removed_as ?? null, m.error ?? null, m.retry_after ?? null]).then((r) => r.rows[0]!.r);

  test('each checkpoint falls due at its age on the clock and is taken once; missing metrics stay null', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const h = await verified(q);
      expect(await dueAt(q, '2026-01-11T11:59:00Z', h.deliverable)).toEqual([]);
      expect(await dueAt(q, '2026-01-11T12:00:00Z', h.deliverable)).toEqual(['24h']);
      expect(await snap(q, h.deliverable, '24h', true, { views: 1000, likes: 80, comments: 5, is_live: true })).toBe(true);
      expect(await snap(q, h.deliverable, '24h', true, { views: 5, is_live: true })).toBe(false); // taken already: left as it is
      expect(await dueAt(q, '2026-01-17T12:00:00Z', h.deliverable)).toEqual(['7d']);
      expect(await snap(q, h.deliverable, '7d', true, { views: 4000, likes: 300, comments: 20, shares: 10, is_live: true })).toBe(true);
      expect(await dueAt(q, '2026-02-09T12:00:00Z', h.deliverable)).toEqual(['30d']);
      expect(await snap(q, h.deliverable, '30d', true, { views: 9000, likes: 500, comments: 40, shares: 30, saves: 12, reach: 7000, is_live: true })).toBe(true);
      expect(await dueAt(q, '2026-12-01T00:00:00Z', h.deliverable)).toEqual([]);
      const rows = (await q.query(`select checkpoint, views, shares, saves, reach from app.post_snapshots where deliverable_id = $1 order by due_at`, [h.deliverable])).rows
        .map((r) => ({ ...r, views: num(r.views), shares: num(r.shares), saves: num(r.saves), reach: num(r.reach) }));
      expect(rows).toEqual([
        { checkpoint: '24h', views: 1000, shares: null, saves: null, reach: null },
        { checkpoint: '7d', views: 4000, shares: 10, saves: null, reach: null },
        { checkpoint: '30d', views: 9000, shares: 30, saves: 12, reach: 7000 },
      ]);
      // A second verification of the same post schedules nothing twice.
      await record(q, h.deliverable, 'verified', { published_at: '2026-01-10T12:00:00Z' });
      expect(Number((await q.query(`select count(*) as n from app.post_snapshots where deliverable_id = $1`, [h.deliverable])).rows[0]!.n)).toBe(3);
    });
  });

  test('a 429 leaves the checkpoint due after its Retry-After; a failure without one backs off', async () => {
    await runAs(ctx.db, 'postgres', async (q) => {
      const h = await verified(q);
      await clock(q, '2026-01-11T12:05:00Z');
      expect(await snap(q, h.deliverable, '24h', false, { error: 'rate_limited', retry_after: 600 })).toBe(false);
      expect(await dueAt(q, '2026-01-11T12:14:00Z', h.deliverable)).toEqual([]);
      expect(await dueAt(q, '2026-01-11T12:15:00Z', h.deliverable)).toEqual(['24h']);
      expect(await snap(q, h.deliverable, '24h', false, { error: 'unavailable' })).toBe(false); // 2nd failure: 30 min
      expect(await dueAt(q, '2026-01-11T12:44:00Z', h.deliverable)).toEqual([]);
      expect(await dueAt(q, '2026-01-11T12:45:00Z', h.deliverable)).toEqual(['24h']);
      expect(await snap(q, h.deliverable, '24h', true, { views: 10, is_live: true })).toBe(true);
      expect((await q.query(`select attempts, last_error from app.post_snapshots where deliverable_id = $1 and checkpoint = '24h'`, [h.deliverable])).rows[0]).toEqual({ attempts: 3, last_error: null });
    });
  });

  test('a post gone within its live period is flagged on the check; after it, it is not', async () => {
    const flagged = await runAs(ctx.db, 'postgres', async (q) => {
      const h = await verified(q, new Date(Date.now() - 8 * 86400_000).toISOString());
      await snap(q, h.deliverable, '7d', true, { is_live: false, removed_as: 'private' });
      return (await q.query(`select removed_as, removed_at is not null as removed from app.delivery_checks where deliverable_id = $1`, [h.deliverable])).rows[0];
    });
    expect(flagged).toEqual({ removed_as: 'private', removed: true });
    const late = await runAs(ctx.db, 'postgres', async (q) => {
      const h = await verified(q, new Date(Date.now() - 40 * 86400_000).toISOString());
      await snap(q, h.deliverable, '30d', true, { is_live: false });
      return (await q.query(`select removed_as, removed_at from app.delivery_checks where deliverable_id = $1`, [h.deliverable])).rows[0];
    });
    expect(late).toEqual({ removed_as: null, removed_at: null });
  });
});

describe('brand results per creator', () => {
  test('cost per view and per engagement from the hire amount; no snapshot means null, not 0', async () => {
    const [before, after] = await runAs(ctx.db, 'postgres', async (q) => {
      const h = await verified2(q);
      const read = async () => {
        await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [h.brand]);
        await q.query('set local role authenticated');
        const rows = (await q.query<Record<string, unknown>>(`select * from api.campaign_delivery_results($1) where deliverable_id = $2`, [h.campaign, h.deliverable])).rows[0]!;
        await actAs(q, 'postgres');
        return { ...rows, h } as Record<string, unknown> & { h: Hire };
      };
      const b = await read();
      await actAs(q, 'service_role');
      await clock(q, '2026-01-11T12:00:00Z');
      await q.query(`select api.record_post_snapshot($1, '24h', true, views => 2000, likes => 150, comments => 40, shares => 10, is_live => true)`, [h.deliverable]);
      await actAs(q, 'postgres');
      return [b, await read()];
    });
    expect(before).toMatchObject({ outcome: 'verified', views: null, engagements: null, cost_per_view_cents: null, cost_per_engagement_cents: null });
    const amount = after.h.amount;
    expect(num(after.cost_cents)).toBe(amount);
    expect(num(after.views)).toBe(2000);
    expect(num(after.engagements)).toBe(200);
    expect(Number(after.cost_per_view_cents)).toBeCloseTo(amount / 2000, 4);
    expect(Number(after.cost_per_engagement_cents)).toBeCloseTo(amount / 200, 4);
  });

  async function verified2(q: Queryable) {
    const h = await paidDelivery(q);
    await actAs(q, 'service_role');
    await record(q, h.deliverable, 'verified', { published_at: '2026-01-10T12:00:00Z' });
    await actAs(q, 'postgres');
    return h;
  }
});
