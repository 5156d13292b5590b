import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();
const updateSql = 'select api.admin_update_user($1, $2, $3, $4, $5, $6)';

describe('admin api', () => {
  test('admin_list_users lists everyone with email, filterable by role', async () => {
    const all = await rowsAs<{ email: string }>(ctx.db, as(ids.admin), 'select email from api.admin_list_users()');
    expect(all).toHaveLength(16);
    expect(all.map((r) => r.email)).toContain('creator@demo.test');
    expect(await rowsAs(ctx.db, as(ids.admin), `select id from api.admin_list_users('brand')`)).toHaveLength(3);
    expect(await rowsAs(ctx.db, as(ids.admin), `select id from api.admin_list_users('admin')`)).toEqual([{ id: ids.admin }]);
  });
  test('non-admins are refused every admin function', async () => {
    for (const who of [ids.brand, ids.creator]) {
      for (const [sql, params] of [
        ['select * from api.admin_list_users()', []],
        [updateSql, [ids.creator, 'Name', 'name', 'admin', null, null]],
      ] as Array<[string, unknown[]]>) {
        const e = await errorAs(ctx.db, as(who), sql, params);
        expect([e.code, e.message, e.detail]).toEqual(['42501', 'Only admins can manage users', 'not_admin']);
      }
    }
    expect((await errorAs(ctx.db, 'anon', 'select * from api.admin_list_users()')).code).toBe('42501');
  });
  test('admin_update_user edits name, username, bio, role and email', async () => {
    const checked = await stepsAs(ctx.db, 'postgres', [
      [`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.admin, role: 'authenticated' })]],
      [updateSql, [ids.creator, 'Sofía Ríos M.', 'sofia.rm', 'brand', 'Ahora marca', 'sofia@brand.test']],
      ['reset role'],
      [`select p.full_name, p.username, p.role, p.bio, p.email, u.email auth_email,
          exists (select 1 from app.brand_profiles b where b.user_id = p.id) has_brand
        from app.profiles p join auth.users u on u.id = p.id where p.id = $1`, [ids.creator]],
    ]);
    expect(checked).toEqual([{
      full_name: 'Sofía Ríos M.', username: 'sofia.rm', role: 'brand', bio: 'Ahora marca', email: 'sofia@brand.test',
      auth_email: 'sofia@brand.test', has_brand: true,
    }]);
  });
  test('admin_update_user validation messages', async () => {
    const cases: Array<[unknown[], string, string]> = [
      [[ids.creator, 'S', 'sofia', 'creator', null, null], '22023', 'Full name must be at least 2 characters'],
      [[ids.creator, 'Sofía', 'so', 'creator', null, null], '22023', 'Username must be at least 3 characters'],
      [[ids.creator, 'Sofía', 'sofia', 'owner', null, null], '22023', 'Role must be brand, creator or admin'],
      [[ids.creator, 'Sofía', 'sofia', 'creator', null, 'not-an-email'], '22023', 'Please enter a valid email'],
      [[ids.creator, 'Sofía', 'sofia', 'creator', null, 'BRAND@demo.test'], '23505', 'Email already in use'],
      [[ids.creator, 'Sofía', 'glowlab', 'creator', null, null], '23505', 'Username already taken'],
      [['00000000-0000-0000-0000-00000000dead', 'Sofía', 'sofia', 'creator', null, null], 'PT404', 'User not found'],
      [[ids.admin, 'Alex', 'admin_demo', 'creator', null, null], '42501', 'You cannot change your own role'],
    ];
    for (const [params, code, message] of cases) {
      const e = await errorAs(ctx.db, as(ids.admin), updateSql, params);
      expect([e.code, e.message]).toEqual([code, message]);
    }
  });
  test('deleting a user (as Auth does) removes everything they own; payments stay', async () => {
    const rows = await stepsAs(ctx.db, 'postgres', [
      ['delete from auth.users where id = $1', [ids.brand]],
      [`select (select count(*)::int from auth.users where id = $1) users,
               (select count(*)::int from app.profiles where id = $1) profiles,
               (select count(*)::int from app.campaigns where brand_id = $1) campaigns,
               (select count(*)::int from app.payments where id = $2 and brand_id is null and deliverable_id is null) kept_payments`,
        [ids.brand, ids.payment(1)]],
    ]);
    expect(rows).toEqual([{ users: 0, profiles: 0, campaigns: 0, kept_payments: 1 }]);
  });
  test('api.admin_delete_user is gone: users are deleted through the admin-users function only', async () => {
    expect((await errorAs(ctx.db, as(ids.admin), 'select api.admin_delete_user($1)', [ids.brand])).code).toBe('42883');
  });
});
