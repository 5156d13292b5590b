import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs, type Persona } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 12, item 10. The api functions that stay security definer (see schema-guards.test.ts) bypass RLS,
// so each must filter by the caller itself: no persona sees or changes another's rows through them.
// The admin dashboard functions that now run as the caller must keep working for admins under RLS.

const ctx = useSeededDatabase();
const err = async (persona: Persona, sql: string, params: unknown[] = []) => {
  const e = await errorAs(ctx.db, persona, sql, params);
  return [e.code, e.detail];
};
const nonAdmins: Persona[] = [as(ids.brand), as(ids.creator)];

const updateAs = `select api.admin_update_user($1, 'Hacked', 'hacked', 'admin', null, null)`;

describe('definer functions filter by the caller', () => {
  test('my_sign_in_count: the caller\'s own count only; anon may not call it', async () => {
    const claims = (id: string) => `select set_config('request.jwt.claims', json_build_object('sub', '${id}', 'role', 'authenticated')::text, true)`;
    const counts = await stepsAs<{ creator: number; brand: number }>(ctx.db, 'postgres', [
      [`update app.profiles set sign_in_count = case id when $1::uuid then 7 else 3 end where id in ($1, $2)`, [ids.creator, ids.brand]],
      ['set local role authenticated'],
      [claims(ids.creator)],
      ['create temporary table seen on commit drop as select api.my_sign_in_count() as creator'],
      [claims(ids.brand)],
      ['select creator, api.my_sign_in_count() as brand from seen'],
    ]);
    expect(counts).toEqual([{ creator: 7, brand: 3 }]);
    expect(await rowsAs(ctx.db, as('00000000-0000-0000-0000-00000000dead'), 'select api.my_sign_in_count() as n')).toEqual([{ n: null }]);
    expect((await errorAs(ctx.db, 'anon', 'select api.my_sign_in_count()')).code).toBe('42501');
  });

  test('current_profile: only the caller\'s own row (with their email); nothing for anon', async () => {
    for (const id of [ids.creator, ids.brand, ids.admin]) {
      const rows = await rowsAs<{ id: string; email: string }>(ctx.db, as(id), 'select id, email from api.current_profile()');
      expect(rows.map((r) => r.id)).toEqual([id]);
    }
    expect(await rowsAs(ctx.db, 'anon', 'select * from api.current_profile()')).toEqual([]);
    // A forged claim of a missing user yields nothing either.
    expect(await rowsAs(ctx.db, as('00000000-0000-0000-0000-00000000dead'), 'select * from api.current_profile()')).toEqual([]);
  });

  test('username_available: answers one boolean and reveals nothing else', async () => {
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, 'anon', `select * from api.username_available('SOFIA.RIOS') r`);
    expect(rows).toEqual([{ r: false }]);
    expect(await rowsAs(ctx.db, 'anon', `select api.username_available('nobody_has_this') r`)).toEqual([{ r: true }]);
  });

  test('browse_campaigns / browse_campaigns_count: only active campaigns, never another brand\'s drafts or paused ones', async () => {
    const hidden = [ids.campaign(5), ids.campaign(3), ids.campaign(10)]; // drafts and paused of two brands
    const { n } = (await rowsAs<{ n: number }>(ctx.db, 'postgres', `select count(*)::int n from app.campaigns where status = 'active'`))[0]!;
    for (const p of [as(ids.creator), as(ids.brand), as(ids.otherBrand)]) {
      const rows = await rowsAs<{ id: string; status: string }>(ctx.db, p, 'select id, status from api.browse_campaigns(page_size => 100)');
      expect(rows.every((r) => r.status === 'active')).toBe(true);
      expect(rows.filter((r) => hidden.includes(r.id))).toEqual([]);
      expect(rows).toHaveLength(n);
      expect(await rowsAs(ctx.db, p, 'select api.browse_campaigns_count() n')).toEqual([{ n }]);
    }
    expect(await err('anon', 'select * from api.browse_campaigns()')).toEqual(['42501', undefined]);
  });

  test('public_campaigns / public_campaign: active campaigns only, the same for anon and every role (issue 32; public-campaigns.test.ts has the columns)', async () => {
    const hidden = [ids.campaign(5), ids.campaign(3), ids.campaign(10)];
    const { n } = (await rowsAs<{ n: number }>(ctx.db, 'postgres', `select count(*)::int n from app.campaigns where status = 'active'`))[0]!;
    for (const p of ['anon', as(ids.creator), as(ids.brand), as(ids.otherBrand)] as Persona[]) {
      const rows = await rowsAs<{ id: string }>(ctx.db, p, 'select id from api.public_campaigns(page_size => 50)');
      expect(rows).toHaveLength(n);
      expect(rows.filter((r) => hidden.includes(r.id))).toEqual([]);
      for (const id of hidden) expect(await rowsAs(ctx.db, p, 'select * from api.public_campaign($1)', [id])).toEqual([]);
    }
  });

  test('browse_campaigns: has_applied tells about the caller\'s own application only', async () => {
    const sql = 'select has_applied from api.browse_campaigns(page_size => 100) where id = $1';
    expect(await rowsAs(ctx.db, as(ids.creator), sql, [ids.campaign(1)])).toEqual([{ has_applied: true }]);
    expect(await rowsAs(ctx.db, as(ids.otherCreator), sql, [ids.campaign(1)])).toEqual([{ has_applied: false }]);
    expect(await rowsAs(ctx.db, as(ids.brand), sql, [ids.campaign(1)])).toEqual([{ has_applied: false }]);
  });

  // Issue 32, item 9: browse said "Applied" for an application the brand had rejected.
  test("browse_campaigns: my_application_status is the caller's own application's status, null for anyone else", async () => {
    const sql = 'select has_applied, my_application_status from api.browse_campaigns(page_size => 100) where id = $1';
    const own = await rowsAs<{ status: string }>(ctx.db, 'postgres', 'select status from app.applications where campaign_id = $1 and creator_id = $2', [ids.campaign(1), ids.creator]);
    expect(await rowsAs(ctx.db, as(ids.creator), sql, [ids.campaign(1)])).toEqual([{ has_applied: true, my_application_status: own[0]!.status }]);
    expect(await rowsAs(ctx.db, as(ids.otherCreator), sql, [ids.campaign(1)])).toEqual([{ has_applied: false, my_application_status: null }]);
    expect(await rowsAs(ctx.db, as(ids.brand), sql, [ids.campaign(1)])).toEqual([{ has_applied: false, my_application_status: null }]);
    const rejected = await rowsAs<{ campaign_id: string; creator_id: string }>(ctx.db, 'postgres',
      `select a.campaign_id, a.creator_id from app.applications a join app.campaigns c on c.id = a.campaign_id where a.status = 'rejected' and c.status = 'active' limit 1`);
    expect(rejected).toHaveLength(1);
    expect(await rowsAs(ctx.db, as(rejected[0]!.creator_id), sql, [rejected[0]!.campaign_id])).toEqual([{ has_applied: true, my_application_status: 'rejected' }]);
  });

  test('discover_creators: brands and admins only; creators\' public columns only, never emails', async () => {
    expect(await err(as(ids.creator), 'select * from api.discover_creators()')).toEqual(['42501', 'not_brand']);
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, as(ids.brand), 'select * from api.discover_creators(page_size => 100)');
    expect(rows.length).toBe(12);
    expect(Object.keys(rows[0]!)).not.toContain('email');
    expect(JSON.stringify(rows)).not.toMatch(/@demo\.test/);
  });

  test('creator_portfolio: another user sees approved work only, without feedback', async () => {
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, as(ids.otherBrand), 'select * from api.creator_portfolio($1)', [ids.creator]);
    expect(rows.map((r) => r.deliverable_id)).not.toContain(ids.deliverable(2)); // Sofía's pending work
    expect(Object.keys(rows[0]!)).not.toContain('feedback');
    expect(await err('anon', 'select * from api.creator_portfolio($1)', [ids.creator])).toEqual(['42501', undefined]);
  });

  test('creator_statistics: aggregates only, never another creator\'s application rows or pitches', async () => {
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, as(ids.otherCreator), 'select * from api.creator_statistics($1)', [ids.creator]);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['acceptance_rate', 'applications_accepted', 'applications_rejected',
      'applications_total', 'approved_deliverables', 'campaigns_completed', 'member_since']);
    // The same caller cannot read the rows themselves.
    expect(await rowsAs(ctx.db, as(ids.otherCreator), 'select pitch from app.applications where creator_id = $1', [ids.creator])).toEqual([]);
  });

  test('admin_list_users / admin_users_page: refused to everyone but admins (they return emails)', async () => {
    for (const p of nonAdmins) {
      expect(await err(p, 'select * from api.admin_list_users()')).toEqual(['42501', 'not_admin']);
      expect(await err(p, 'select * from api.admin_users_page()')).toEqual(['42501', 'not_admin']);
    }
    expect(await rowsAs(ctx.db, as(ids.admin), 'select email from api.admin_users_page(search => $1)', ['creator@demo']))
      .toEqual([{ email: 'creator@demo.test' }]);
  });

  test('admin_update_user: a non-admin changes nobody, not even through a forged id', async () => {
    for (const p of nonAdmins) {
      const rows = await stepsAs(ctx.db, p, [
        [`do $$ begin perform api.admin_update_user('${ids.otherCreator}', 'Hacked', 'hacked', 'admin', null, 'x@evil.test');
          exception when insufficient_privilege then null; end $$`],
        ['select full_name, role from api.user_summary($1)', [ids.otherCreator]],
      ]);
      expect(rows).toEqual([{ full_name: 'Mateo Fernández', role: 'creator' }]);
      expect(await err(p, updateAs, [ids.otherCreator])).toEqual(['42501', 'not_admin']);
    }
  });
});

describe('admin dashboard functions run as the caller', () => {
  test('admin_stats, admin_recent_activity and admin_platform_health are security invoker', async () => {
    const rows = await rowsAs<{ proname: string; prosecdef: boolean }>(ctx.db, 'postgres',
      `select p.proname, p.prosecdef from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'api' and p.proname in ('admin_stats', 'admin_recent_activity', 'admin_platform_health') order by 1`);
    expect(rows).toEqual([
      { proname: 'admin_platform_health', prosecdef: false },
      { proname: 'admin_recent_activity', prosecdef: false },
      { proname: 'admin_stats', prosecdef: false },
    ]);
  });

  test('under RLS an admin still counts every row of the platform', async () => {
    const [expected] = await rowsAs<Record<string, number>>(ctx.db, 'postgres', `select
      (select count(*)::int from app.profiles) total_users, (select count(*)::int from app.applications) applications,
      (select count(*)::int from app.deliverables where status in ('pending', 'submitted')) awaiting,
      (select count(*)::int from app.campaigns where status = 'draft') drafts`);
    const [stats] = await rowsAs<{ s: Record<string, number> }>(ctx.db, as(ids.admin), 'select api.admin_stats() s');
    expect(stats!.s).toMatchObject({ total_users: expected!.total_users, applications: expected!.applications });
    const [health] = await rowsAs<{ h: Record<string, any> }>(ctx.db, as(ids.admin), 'select api.admin_platform_health() h');
    expect(health!.h.deliverables_awaiting_review).toBe(expected!.awaiting);
    expect(health!.h.campaigns_by_status.draft).toBe(expected!.drafts);
    const kinds = await rowsAs<{ kind: string }>(ctx.db, as(ids.admin), 'select distinct kind from api.admin_recent_activity(50) order by 1');
    expect(kinds.map((k) => k.kind)).toEqual(['application', 'campaign', 'payment', 'signup']);
  });

  test('and refuses everyone else', async () => {
    for (const p of nonAdmins) {
      for (const sql of ['select api.admin_stats()', 'select * from api.admin_recent_activity()', 'select api.admin_platform_health()']) {
        expect(await err(p, sql), sql).toEqual(['42501', 'not_admin']);
      }
    }
  });
});
