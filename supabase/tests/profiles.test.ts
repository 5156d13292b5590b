import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { as, errorAs, ids, rowsAs, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

/** Inserts an auth user the way GoTrue does on sign-up, inside the caller's transaction. */
async function signUp(q: Queryable, id: string, email: string, meta: object, appMeta: object = {}) {
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, now(), now())`,
    [id, email, JSON.stringify({ provider: 'email', providers: ['email'], ...appMeta }), JSON.stringify(meta)],
  );
}
const newId = '11111111-1111-4111-8111-111111111111';

describe('sign-up trigger', () => {
  test('creates a creator profile with handles from the metadata', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newId, 'nueva@demo.test', {
        username: 'nueva.creadora', full_name: 'Nueva Creadora', tiktokHandle: 'nuevatk', instagram_handle: 'nuevaig',
      });
      return (await q.query(
        `select p.username, p.full_name, p.role, p.email, c.tiktok_handle, c.instagram_handle, c.youtube_handle
         from app.profiles p join app.creator_profiles c on c.user_id = p.id where p.id = $1`, [newId])).rows;
    });
    expect(rows).toEqual([{
      username: 'nueva.creadora', full_name: 'Nueva Creadora', role: 'creator', email: 'nueva@demo.test',
      tiktok_handle: 'nuevatk', instagram_handle: 'nuevaig', youtube_handle: null,
    }]);
  });

  test('a role of admin asked for in user_metadata makes a creator (sign-up may ask for creator or brand only; brand-approval.test.ts)', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newId, 'sneaky@demo.test', { username: 'sneaky', full_name: 'Sneaky User', role: 'admin' });
      return (await q.query(`select role from app.profiles where id = $1`, [newId])).rows;
    });
    expect(rows).toEqual([{ role: 'creator' }]);
  });

  test('takes the role from app_metadata (set only by the service role) and creates brand details', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newId, 'acme@demo.test', { username: 'acme', full_name: 'Acme Inc' }, { role: 'brand' });
      return (await q.query(
        `select p.role, b.company_name from app.profiles p join app.brand_profiles b on b.user_id = p.id where p.id = $1`,
        [newId])).rows;
    });
    expect(rows).toEqual([{ role: 'brand', company_name: 'Acme Inc' }]);
  });

  test('a taken username (any case) fails the whole sign-up with a clear error', async () => {
    const err = await runAs(ctx.db, 'postgres', async (q) => {
      const e = await signUp(q, newId, 'dup@demo.test', { username: 'SOFIA.RIOS', full_name: 'Otra Sofía' }).catch((x) => x);
      return e;
    });
    expect(err.code).toBe('23505');
    expect(err.message).toBe('Username already taken');
    const left = (await ctx.db.query<{ n: number }>(`select count(*)::int n from auth.users where id = $1`, [newId])).rows;
    expect(left).toEqual([{ n: 0 }]);
  });

  test('an invalid username fails sign-up', async () => {
    const err = await runAs(ctx.db, 'postgres', (q) =>
      signUp(q, newId, 'bad@demo.test', { username: 'no spaces!', full_name: 'Bad Name' }).catch((x) => x));
    expect(err.code).toBe('22023');
  });

  test('without a username one is derived from the email and made unique', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await signUp(q, newId, 'sofia.rios@other.test', {});
      return (await q.query(`select username, full_name from app.profiles where id = $1`, [newId])).rows;
    });
    expect(rows[0]!.username).toMatch(/^sofia\.rios_[0-9a-f]{5}$/);
  });

  test('an email change in auth.users is copied to the profile', async () => {
    const rows = await stepsAs(ctx.db, 'postgres', [
      [`update auth.users set email = 'sofia@new.test' where id = $1`, [ids.creator]],
      [`select email from app.profiles where id = $1`, [ids.creator]],
    ]);
    expect(rows).toEqual([{ email: 'sofia@new.test' }]);
  });
});

describe('profiles table', () => {
  test('anon cannot read profiles', async () => {
    expect((await errorAs(ctx.db, 'anon', 'select id from app.profiles')).code).toBe('42501');
  });
  test('signed-in users read public columns of every profile but never the email column', async () => {
    const rows = await rowsAs(ctx.db, as(ids.creator), 'select count(*)::int n from app.profiles');
    expect(rows).toEqual([{ n: 16 }]);
    expect((await errorAs(ctx.db, as(ids.creator), 'select email from app.profiles')).code).toBe('42501');
  });
  test('a user updates their own bio but not another user profile', async () => {
    expect(await rowsAs(ctx.db, as(ids.creator), `update app.profiles set bio = 'x' where id = $1 returning id`, [ids.creator]))
      .toHaveLength(1);
    expect(await rowsAs(ctx.db, as(ids.creator), `update app.profiles set bio = 'x' where id = $1 returning id`, [ids.otherCreator]))
      .toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.brand), `update app.profiles set bio = 'x' where id = $1 returning id`, [ids.creator]))
      .toHaveLength(0);
  });
  test('nobody but an admin changes a role; nobody changes an id or email', async () => {
    for (const who of [ids.creator, ids.brand]) {
      const e = await errorAs(ctx.db, as(who), `update app.profiles set role = 'admin' where id = $1`, [who]);
      expect(e.code).toBe('42501');
    }
    expect(await rowsAs(ctx.db, as(ids.admin), `update app.profiles set role = 'brand' where id = $1 returning role`, [ids.creator]))
      .toEqual([{ role: 'brand' }]);
    expect((await errorAs(ctx.db, as(ids.creator), `update app.profiles set id = gen_random_uuid() where id = $1`, [ids.creator])).code)
      .toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), `update app.profiles set email = 'x@y.z' where id = $1`, [ids.creator])).code)
      .toBe('42501');
  });
  test('only admins delete profiles, never their own', async () => {
    expect(await rowsAs(ctx.db, as(ids.creator), `delete from app.profiles where id = $1 returning id`, [ids.otherCreator])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.creator), `delete from app.profiles where id = $1 returning id`, [ids.creator])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.admin), `delete from app.profiles where id = $1 returning id`, [ids.admin])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.admin), `delete from app.profiles where id = $1 returning id`, [ids.otherCreator])).toHaveLength(1);
  });
  test('brand and creator details: owners write their own, nobody else', async () => {
    expect(await rowsAs(ctx.db, as(ids.brand), `update app.brand_profiles set industry = 'x' where user_id = $1 returning 1`, [ids.otherBrand])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.brand), `update app.brand_profiles set industry = 'x' where user_id = $1 returning 1`, [ids.brand])).toHaveLength(1);
    expect(await rowsAs(ctx.db, as(ids.creator), `update app.creator_profiles set followers = 1 where user_id = $1 returning 1`, [ids.otherCreator])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.creator), `update app.creator_profiles set followers = 1 where user_id = $1 returning 1`, [ids.creator])).toHaveLength(1);
    expect((await errorAs(ctx.db, as(ids.creator), `insert into app.brand_profiles (user_id, company_name) values ($1, 'X')`, [ids.creator])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), `update app.creator_profiles set user_id = $2 where user_id = $1`, [ids.creator, ids.otherCreator])).code).toBe('42501');
  });
});

describe('api: current user, username, account and profile settings', () => {
  test('current_profile returns the caller with email, nothing for anon', async () => {
    expect(await rowsAs(ctx.db, as(ids.brand), 'select * from api.current_profile()')).toEqual([{
      id: ids.brand, email: 'brand@demo.test', username: 'glowlab', full_name: 'Jessica Parker', role: 'brand',
      bio: 'Clean skincare made in California.', avatar_url: `/storage/v1/object/public/logos/${ids.brand}/logo.png`, language: null,
    }]);
    expect(await rowsAs(ctx.db, 'anon', 'select * from api.current_profile()')).toEqual([]);
  });
  test('username_available is case-insensitive and open to anon', async () => {
    expect(await rowsAs(ctx.db, 'anon', `select api.username_available('Sofia.Rios') ok`)).toEqual([{ ok: false }]);
    expect(await rowsAs(ctx.db, 'anon', `select api.username_available('libre_123') ok`)).toEqual([{ ok: true }]);
  });
  test('update_account changes the caller only, with the Edit User messages', async () => {
    const rows = await stepsAs(ctx.db, as(ids.creator), [
      [`select api.update_account('Sofía R.', 'sofia_r', 'Nueva bio')`],
      [`select username, full_name, bio from api.current_profile()`],
    ]);
    expect(rows).toEqual([{ username: 'sofia_r', full_name: 'Sofía R.', bio: 'Nueva bio' }]);
    const cases: Array<[string, string, string, string]> = [
      ['S', 'sofia_r', '22023', 'Full name must be at least 2 characters'],
      ['Sofía', 'so', '22023', 'Username must be at least 3 characters'],
      ['Sofía', 'sofía!', '22023', 'Username can only contain letters, numbers, dots and underscores (30 at most)'],
      ['Sofía', 'MATEO.VIAJA', '23505', 'Username already taken'],
    ];
    for (const [name, user, code, message] of cases) {
      const e = await errorAs(ctx.db, as(ids.creator), `select api.update_account($1, $2, null)`, [name, user]);
      expect([e.code, e.message]).toEqual([code, message]);
    }
    expect((await errorAs(ctx.db, 'anon', `select api.update_account('Ab', 'abc', null)`)).code).toBe('42501');
  });
  test('update_brand_profile: brands only, company name required', async () => {
    const rows = await stepsAs(ctx.db, as(ids.brand), [
      [`select api.update_brand_profile('GlowLab Inc', 'glowlab.com', 'Beauty', 'hi@glowlab.com', '555')`],
      [`select company_name, website, contact_email from api.brand_profile($1)`, [ids.brand]],
    ]);
    expect(rows).toEqual([{ company_name: 'GlowLab Inc', website: 'https://glowlab.com', contact_email: 'hi@glowlab.com' }]);
    const blank = await errorAs(ctx.db, as(ids.brand), `select api.update_brand_profile(' ')`);
    expect([blank.code, blank.message, blank.detail]).toEqual(['22023', 'Company name is required', 'company_name_required']);
    expect((await errorAs(ctx.db, as(ids.brand), `select api.update_brand_profile('X', contact_email => 'nope')`)).message)
      .toBe('Please enter a valid email');
    expect((await errorAs(ctx.db, as(ids.creator), `select api.update_brand_profile('X')`)).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.admin), `select api.update_brand_profile('X')`)).code).toBe('42501');
  });
  test('update_creator_profile: creators only, valid niche, rate >= 0', async () => {
    const rows = await stepsAs(ctx.db, as(ids.creator), [
      [`select api.update_creator_profile('Fashion', 'Cali, Colombia', 'ig', 'tk', null, 2500)`],
      [`select niche, location, instagram_handle, youtube_handle, rate_per_post_cents, followers from api.creator_profile($1)`, [ids.creator]],
    ]);
    expect(rows.map((r) => ({ ...r, rate_per_post_cents: Number(r.rate_per_post_cents) }))).toEqual([{
      niche: 'Fashion', location: 'Cali, Colombia', instagram_handle: 'ig', youtube_handle: null, rate_per_post_cents: 2500,
      followers: 48200,
    }]);
    expect((await errorAs(ctx.db, as(ids.creator), `select api.update_creator_profile('Cars')`)).message).toBe('Please select a valid niche');
    expect((await errorAs(ctx.db, as(ids.creator), `select api.update_creator_profile(rate_per_post_cents => -10)`)).message)
      .toBe('Rate per post must be 0 or more');
    expect((await errorAs(ctx.db, as(ids.brand), `select api.update_creator_profile('Tech')`)).code).toBe('42501');
  });
  test('creator_profile and brand_profile return only users of that role', async () => {
    expect(await rowsAs(ctx.db, as(ids.brand), `select id from api.creator_profile($1)`, [ids.brand])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.creator), `select id from api.brand_profile($1)`, [ids.creator])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.creator), `select username from api.user_summary($1)`, [ids.brand])).toEqual([{ username: 'glowlab' }]);
    expect((await errorAs(ctx.db, 'anon', `select * from api.creator_profile($1)`, [ids.creator])).code).toBe('42501');
  });
});

describe('api: discover_creators', () => {
  test('brands search accent-insensitively by name or username', async () => {
    const byName = await rowsAs<{ username: string }>(ctx.db, as(ids.brand), `select username from api.discover_creators(search => 'SOFIA rios')`);
    expect(byName.map((r) => r.username)).toEqual(['sofia.rios']);
    const accent = await rowsAs<{ username: string }>(ctx.db, as(ids.brand), `select username from api.discover_creators(search => 'Andrés')`);
    expect(accent.map((r) => r.username)).toEqual(['andres_vlogs']);
    const handle = await rowsAs<{ username: string }>(ctx.db, as(ids.brand), `select username from api.discover_creators(search => 'gamer')`);
    expect(handle.map((r) => r.username)).toEqual(['nico.gamer']);
  });
  test('filters by niche, platform and minimum followers, most followed first', async () => {
    const rows = await rowsAs<{ username: string; followers: number }>(ctx.db, as(ids.brand),
      `select username, followers from api.discover_creators(niche => 'beauty')`);
    expect(rows.map((r) => r.username)).toEqual(['sofia.rios', 'isa.beauty']);
    const yt = await rowsAs<{ youtube_handle: string | null }>(ctx.db, as(ids.brand), `select youtube_handle from api.discover_creators(platform => 'youtube', page_size => 100)`);
    expect(yt.length).toBe(8);
    expect(yt.every((r) => r.youtube_handle)).toBe(true);
    const big = await rowsAs<{ followers: number }>(ctx.db, as(ids.brand), `select followers from api.discover_creators(min_followers => 70000)`);
    expect(big.map((r) => r.followers)).toEqual([152000, 120400, 86500, 73100]);
    expect((await errorAs(ctx.db, as(ids.brand), `select * from api.discover_creators(platform => 'myspace')`)).code).toBe('22023');
  });
  test('keyset pages cover every creator once', async () => {
    const seen: string[] = [];
    let after: { followers: number; id: string } | undefined;
    for (;;) {
      const page = await rowsAs<{ id: string; followers: number }>(ctx.db, as(ids.brand),
        `select id, followers from api.discover_creators(after_followers => $1, after_id => $2, page_size => 5)`,
        [after?.followers ?? null, after?.id ?? null]);
      if (page.length === 0) break;
      seen.push(...page.map((r) => r.id));
      after = page[page.length - 1];
    }
    expect(seen.length).toBe(12);
    expect(new Set(seen).size).toBe(12);
  });
  test('creators cannot discover creators; admins can', async () => {
    const e = await errorAs(ctx.db, as(ids.creator), `select * from api.discover_creators()`);
    expect([e.code, e.detail]).toEqual(['42501', 'not_brand']);
    expect(await rowsAs(ctx.db, as(ids.admin), `select id from api.discover_creators(page_size => 100)`)).toHaveLength(12);
    expect((await errorAs(ctx.db, 'anon', `select * from api.discover_creators()`)).code).toBe('42501');
  });
});
