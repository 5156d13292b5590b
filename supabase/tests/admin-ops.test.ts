import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { withSearchCountCap } from '../../testkit/db/search-count-cap.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

/** One value of a statement run as the platform itself (the truth the admin functions must match). */
async function scalar(sql: string): Promise<number> {
  const [row] = await rowsAs<{ n: number | string }>(ctx.db, 'postgres', sql);
  return Number(row!.n);
}

const adminFunctions: Array<[string, unknown[]]> = [
  ['select * from api.admin_users_page()', []],
  ['select api.admin_stats()', []],
  ['select * from api.admin_recent_activity()', []],
  ['select api.admin_platform_health()', []],
];

describe('admin dashboard functions', () => {
  test('refuse brands, creators and anon', async () => {
    for (const [sql, params] of adminFunctions) {
      for (const who of [ids.brand, ids.creator]) {
        const e = await errorAs(ctx.db, as(who), sql, params);
        expect([e.code, e.message, e.detail], sql).toEqual(['42501', 'Only admins can manage users', 'not_admin']);
      }
      expect((await errorAs(ctx.db, 'anon', sql, params)).code, sql).toBe('42501');
    }
  });

  test('admin_users_page filters by role, searches name, username and email, and pages', async () => {
    type Row = { id: string; email: string; role: string; total_count: number };
    const page = (args: unknown[]) =>
      rowsAs<Row>(ctx.db, as(ids.admin), 'select * from api.admin_users_page($1, $2, $3, $4)', args);
    const all = await page([null, null, 1, 100]);
    expect(all).toHaveLength(16);
    expect(all.every((r) => r.total_count === 16)).toBe(true);
    expect(all.map((r) => r.email)).toContain('creator@demo.test');

    const brands = await page(['brand', null, 1, 20]);
    expect(brands.map((r) => r.role)).toEqual(['brand', 'brand', 'brand']);
    expect(await page(['admin', null, 1, 20])).toMatchObject([{ id: ids.admin, total_count: 1 }]);

    // Email, accent-insensitive name, and the role filter combined with search.
    expect((await page([null, 'BRAND@demo', 1, 20])).map((r) => r.id)).toEqual([ids.brand]);
    expect((await page([null, 'sofia', 1, 20])).map((r) => r.id)).toContain(ids.creator);
    expect(await page(['brand', 'sofia', 1, 20])).toEqual([]);
    expect(await page([null, 'no-such-person-xyz', 1, 20])).toEqual([]);

    // Pages of 5 cover everyone exactly once, newest first.
    const seen: string[] = [];
    for (let p = 1; p <= 4; p++) {
      const rows = await page([null, null, p, 5]);
      expect(rows.length).toBe(p < 4 ? 5 : 1);
      seen.push(...rows.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(16);
    expect(seen).toEqual(all.map((r) => r.id));
  });

  test('admin_users_page: with a search the total stops at app.search_count_cap() + 1, pages still reach every match', async () => {
    type Row = { id: string; total_count: number };
    const [matching, pages, exact, unfiltered] = await runAs(ctx.db, 'postgres', async (q) => {
      await withSearchCountCap(q, 2, ids.admin);
      const page = async (args: unknown[]) =>
        (await q.query<Row>('select id, total_count from api.admin_users_page($1, $2, $3, $4)', args)).rows;
      // Every seed account's email ends in demo.test: 16 matches, counted as 3 (more than the cap of 2).
      const all = await page([null, 'demo.test', 1, 100]);
      const byFive = [];
      for (let p = 1; p <= 4; p++) byFive.push(...(await page([null, 'demo.test', p, 5])));
      return [all, byFive, await page(['brand', 'BRAND@demo', 1, 20]), await page([null, null, 1, 5])];
    });
    expect(matching).toHaveLength(16);
    expect(new Set(matching.map((r) => r.total_count))).toEqual(new Set([3]));
    expect(pages.map((r) => r.id)).toEqual(matching.map((r) => r.id));
    expect(exact).toMatchObject([{ id: ids.brand, total_count: 1 }]);
    expect(unfiltered[0]?.total_count).toBe(16);
  });

  test('admin_users_page refuses an unknown role filter', async () => {
    const e = await errorAs(ctx.db, as(ids.admin), `select * from api.admin_users_page('owner')`);
    expect([e.code, e.message]).toEqual(['22023', 'Role must be brand, creator or admin']);
  });

  test('admin_stats counts what is in the database', async () => {
    const [row] = await rowsAs<{ s: Record<string, number> }>(ctx.db, as(ids.admin), 'select api.admin_stats() s');
    expect(row!.s).toEqual({
      total_users: 16,
      brands: 3,
      creators: 12,
      admins: 1,
      active_campaigns: await scalar(`select count(*) n from app.campaigns where status = 'active'`),
      applications: await scalar('select count(*) n from app.applications'),
      pending_applications: await scalar(`select count(*) n from app.applications where status = 'pending'`),
      payments_this_month: await scalar(`select count(*) n from app.payments where status = 'completed'
        and coalesce(payment_date, created_at) >= date_trunc('month', now())`),
      paid_this_month_cents: await scalar(`select coalesce(sum(amount_cents), 0) n from app.payments where status = 'completed'
        and coalesce(payment_date, created_at) >= date_trunc('month', now())`),
    });
    expect(row!.s.active_campaigns).toBeGreaterThan(0);
  });

  test('admin_stats sees a payment made this month', async () => {
    const [row] = await stepsAs<{ s: Record<string, number> }>(ctx.db, 'postgres', [
      [`update app.deliverables set status = 'approved' where id = (select id from app.deliverables
          where id not in (select deliverable_id from app.payments where deliverable_id is not null) limit 1)`],
      [`insert into app.payments (deliverable_id, amount_cents, status, payment_date)
        select id, 12345, 'completed', now() from app.deliverables where status = 'approved'
          and id not in (select deliverable_id from app.payments where deliverable_id is not null and status = 'completed') limit 1`],
      [`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify({ sub: ids.admin, role: 'authenticated' })]],
      ['select api.admin_stats() s'],
    ]);
    const before = await scalar(`select coalesce(sum(amount_cents), 0) n from app.payments where status = 'completed'
        and coalesce(payment_date, created_at) >= date_trunc('month', now())`);
    expect(row!.s.paid_this_month_cents).toBe(before + 12345);
  });

  test('admin_recent_activity lists real events newest first', async () => {
    const events = await rowsAs<{ kind: string; occurred_at: Date; actor_name: string; subject: string }>(
      ctx.db, as(ids.admin), 'select * from api.admin_recent_activity(50)');
    expect(events.length).toBeGreaterThan(0);
    const kinds = new Set(events.map((e) => e.kind));
    for (const k of ['signup', 'campaign', 'application', 'payment']) expect(kinds, k).toContain(k);
    const times = events.map((e) => new Date(e.occurred_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const newest = await rowsAs<{ full_name: string }>(ctx.db, 'postgres',
      'select full_name from app.profiles order by created_at desc, id desc limit 1');
    expect(events.filter((e) => e.kind === 'signup').map((e) => e.actor_name)).toContain(newest[0]!.full_name);
    expect(await rowsAs(ctx.db, as(ids.admin), 'select * from api.admin_recent_activity(3)')).toHaveLength(3);
  });

  test('admin_platform_health reports live figures', async () => {
    const [row] = await rowsAs<{ h: Record<string, unknown> }>(ctx.db, as(ids.admin), 'select api.admin_platform_health() h');
    expect(row!.h).toEqual({
      new_users_7d: await scalar(`select count(*) n from app.profiles where created_at >= now() - interval '7 days'`),
      campaigns_by_status: {
        draft: await scalar(`select count(*) n from app.campaigns where status = 'draft'`),
        active: await scalar(`select count(*) n from app.campaigns where status = 'active'`),
        paused: await scalar(`select count(*) n from app.campaigns where status = 'paused'`),
        completed: await scalar(`select count(*) n from app.campaigns where status = 'completed'`),
      },
      pending_applications: await scalar(`select count(*) n from app.applications where status = 'pending'`),
      deliverables_awaiting_review: await scalar(`select count(*) n from app.deliverables where status in ('pending', 'submitted')`),
      pending_payments: await scalar(`select count(*) n from app.payments where status = 'pending'`),
      failed_payments_30d: await scalar(`select count(*) n from app.payments where status = 'failed'
        and coalesce(payment_date, created_at) >= now() - interval '30 days'`),
      overdue_active_campaigns: await scalar(`select count(*) n from app.campaigns where status = 'active' and deadline < now()`),
    });
  });
});

describe('the last admin', () => {
  test('cannot be demoted or deleted, not even by the platform', async () => {
    let e = await errorAs(ctx.db, 'postgres', `update app.profiles set role = 'creator' where id = $1`, [ids.admin]);
    expect([e.code, e.message, e.detail]).toEqual(['PT409', 'The last admin cannot be removed or demoted', 'last_admin']);
    e = await errorAs(ctx.db, 'postgres', 'delete from auth.users where id = $1', [ids.admin]);
    expect([e.code, e.detail]).toEqual(['PT409', 'last_admin']);
  });

  test('can be demoted or deleted once another admin exists', async () => {
    const rows = await stepsAs(ctx.db, 'postgres', [
      [`update app.profiles set role = 'admin' where id = $1`, [ids.brand]],
      [`update app.profiles set role = 'creator' where id = $1`, [ids.admin]],
      [`select role from app.profiles where id = $1`, [ids.admin]],
    ]);
    expect(rows).toEqual([{ role: 'creator' }]);
    const deleted = await stepsAs(ctx.db, 'postgres', [
      [`update app.profiles set role = 'admin' where id = $1`, [ids.brand]],
      ['delete from auth.users where id = $1 returning id', [ids.admin]],
    ]);
    expect(deleted).toEqual([{ id: ids.admin }]);
  });

  test('another admin can demote an admin through admin_update_user while one admin remains', async () => {
    const rows = await stepsAs(ctx.db, 'postgres', [
      [`update app.profiles set role = 'admin' where id = $1`, [ids.brand]],
      [`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify({ sub: ids.admin, role: 'authenticated' })]],
      [`select api.admin_update_user($1, 'Glow Lab', 'glowlab', 'brand', null, null)`, [ids.brand]],
      ['reset role'],
      ['select role from app.profiles where id = $1', [ids.brand]],
    ]);
    expect(rows).toEqual([{ role: 'brand' }]);
  });
});

describe('password change on first sign-in', () => {
  test('the flag leaves app_metadata when the password changes, and only then', async () => {
    const rows = await stepsAs<{ meta: Record<string, unknown> }>(ctx.db, 'postgres', [
      [`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"password_change_required": true}' where id = $1`, [ids.brand]],
      [`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"x": 1}' where id = $1`, [ids.brand]],
      [`select raw_app_meta_data meta from auth.users where id = $1`, [ids.brand]],
    ]);
    expect(rows[0]!.meta.password_change_required).toBe(true);
    const after = await stepsAs<{ meta: Record<string, unknown> }>(ctx.db, 'postgres', [
      [`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"password_change_required": true}' where id = $1`, [ids.brand]],
      [`update auth.users set encrypted_password = 'new-hash' where id = $1`, [ids.brand]],
      [`select raw_app_meta_data meta from auth.users where id = $1`, [ids.brand]],
    ]);
    expect(after[0]!.meta).not.toHaveProperty('password_change_required');
  });
});
