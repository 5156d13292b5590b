import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, type Persona, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import type { PgError, Queryable } from '../../testkit/runtime.ts';

// Issue 35 item 1 (decision 0053): connected social accounts. The account row is public like the profile;
// its tokens are encrypted and no client role reads them; only the service role (the social-connect
// function) writes either.

const ctx = useSeededDatabase();
// Two creators with no seeded connected accounts (the seed connects c01, c02, c05, c07, c09).
const sofia = ids.creatorN(3);
const mateo = ids.creatorN(4);

const saveSql = `select api.social_account_save($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) id`;
const saveArgs = (creator: string, platform: string, userId: string, over: Partial<Record<string, unknown>> = {}) => {
  const o = { handle: 'sofia.rios', display_name: 'Sofía Ríos', profile_url: 'https://www.instagram.com/sofia.rios/', followers: 48210,
    as_of: '2026-11-20T10:00:00Z', access: 'IGAA-secret-access', refresh: 'rft-secret-refresh', access_exp: '2027-01-19T10:00:00Z',
    refresh_exp: null, scopes: ['instagram_business_basic'], ...over };
  return [creator, platform, userId, o.handle, o.display_name, o.profile_url, o.followers, o.as_of, o.access, o.refresh, o.access_exp, o.refresh_exp, o.scopes];
};

/** One transaction (rolled back) whose statements switch persona as PostgREST requests would. */
function scenario<T>(fn: (t: Steps) => Promise<T>): Promise<T> {
  return runAs(ctx.db, 'postgres', (q) => fn(new Steps(q)));
}

class Steps {
  constructor(private readonly q: Queryable) {}

  private async become(persona: Persona): Promise<void> {
    await this.q.query('reset role');
    const role = typeof persona === 'string' ? persona : 'authenticated';
    const claims = typeof persona === 'string' ? { role } : { sub: persona.user, role, aud: 'authenticated', email: '' };
    await this.q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    if (role !== 'postgres') await this.q.query(`set local role ${role}`);
  }

  async rows<T = Record<string, unknown>>(persona: Persona, sql: string, params: unknown[] = []): Promise<T[]> {
    await this.become(persona);
    return (await this.q.query<T>(sql, params)).rows;
  }

  async error(persona: Persona, sql: string, params: unknown[] = []): Promise<PgError> {
    await this.become('postgres');
    await this.q.query('savepoint expect_error');
    await this.become(persona);
    try {
      await this.q.query(sql, params);
    } catch (e) {
      await this.q.query('rollback to savepoint expect_error');
      return e as PgError;
    }
    throw new Error(`expected an error from: ${sql}`);
  }

  async save(creator: string, platform: string, userId: string, over: Partial<Record<string, unknown>> = {}): Promise<string> {
    const [row] = await this.rows<{ id: string }>('service_role', saveSql, saveArgs(creator, platform, userId, over));
    return row!.id;
  }
}

describe('the service role connects an account', () => {
  test('the account is stored with the verified fields and its tokens encrypted', () => scenario(async (t) => {
    const id = await t.save(sofia, 'instagram', '17841400000000001');
    const [tokens] = await t.rows('service_role', `select platform, handle, access_token, refresh_token, scopes from api.social_account_tokens($1)`, [id]);
    expect(tokens).toEqual({ platform: 'instagram', handle: 'sofia.rios', access_token: 'IGAA-secret-access', refresh_token: 'rft-secret-refresh', scopes: ['instagram_business_basic'] });
    const [raw] = await t.rows<{ a: string; r: string }>('postgres',
      `select encode(access_token_encrypted, 'escape') a, encode(refresh_token_encrypted, 'escape') r from app.social_tokens where account_id = $1`, [id]);
    expect(raw!.a).not.toContain('IGAA-secret-access');
    expect(raw!.r).not.toContain('rft-secret-refresh');
  }));

  test('everyone reads the public fields; the owner also the refresh state', () => scenario(async (t) => {
    await t.save(sofia, 'instagram', '17841400000000001');
    await t.save(sofia, 'youtube', 'UCsofia', { handle: '@sofiarios', followers: null, profile_url: 'https://www.youtube.com/@sofiarios' });
    for (const persona of ['anon', as(mateo), as(ids.brand)] as const) {
      const rows = await t.rows<{ followers: unknown }>(persona, `select platform, handle, followers from api.social_accounts_of($1)`, [sofia]);
      expect(rows.map((r) => ({ ...r, followers: r.followers === null ? null : Number(r.followers) }))).toEqual([
        { platform: 'instagram', handle: 'sofia.rios', followers: 48210 },
        { platform: 'youtube', handle: 'sofiarios', followers: null },
      ]);
    }
    const mine = await t.rows(as(sofia), `select platform, status, last_refresh_error from api.my_social_accounts()`);
    expect(mine).toEqual([
      { platform: 'instagram', status: 'connected', last_refresh_error: null },
      { platform: 'youtube', status: 'connected', last_refresh_error: null },
    ]);
    expect(await t.rows(as(mateo), `select * from api.my_social_accounts()`)).toEqual([]);
  }));

  test('connecting again replaces the platform\'s account; another creator cannot take the same account', () => scenario(async (t) => {
    const first = await t.save(sofia, 'tiktok', 'open-1', { handle: 'sofi' });
    const second = await t.save(sofia, 'tiktok', 'open-2', { handle: 'sofi2', access: 'new-access' });
    expect(second).toBe(first);
    const [tok] = await t.rows('service_role', `select handle, access_token from api.social_account_tokens($1)`, [first]);
    expect(tok).toEqual({ handle: 'sofi2', access_token: 'new-access' });
    const e = await t.error('service_role', saveSql, saveArgs(mateo, 'tiktok', 'open-2'));
    expect([e.code, e.detail]).toEqual(['23505', 'social_account_taken']);
  }));

  test('bad input is refused with its own code', async () => {
    expect((await errorAs(ctx.db, 'service_role', saveSql, saveArgs(sofia, 'facebook', 'x'))).detail).toBe('platform_invalid');
    expect((await errorAs(ctx.db, 'service_role', saveSql, saveArgs(ids.brand, 'instagram', 'x'))).detail).toBe('not_creator');
    expect((await errorAs(ctx.db, 'service_role', saveSql, saveArgs(sofia, 'instagram', 'x', { handle: ' ' }))).detail).toBe('platform_profile_incomplete');
  });
});

describe('no client role reaches the tokens or the writers', () => {
  test('anon and authenticated cannot select the tokens, the keys, the consent states or the table', () => scenario(async (t) => {
    await t.save(sofia, 'instagram', '17841400000000001');
    for (const persona of ['anon', as(sofia), as(ids.admin)] as const) {
      for (const table of ['app.social_tokens', 'app.social_token_keys', 'app.social_oauth_states', 'app.social_accounts']) {
        expect((await t.error(persona, `select * from ${table}`)).code, `${table}`).toBe('42501');
      }
    }
  }));

  test('anon and authenticated cannot call the service role\'s functions', () => scenario(async (t) => {
    const id = await t.save(sofia, 'instagram', '17841400000000001');
    for (const persona of ['anon', as(sofia)] as const) {
      expect((await t.error(persona, `select * from api.social_account_tokens($1)`, [id])).code).toBe('42501');
      expect((await t.error(persona, saveSql, saveArgs(sofia, 'tiktok', 'x'))).code).toBe('42501');
      expect((await t.error(persona, `select api.social_account_remove($1)`, [id])).code).toBe('42501');
      expect((await t.error(persona, `select api.social_account_refresh_failed($1, true, 'x')`, [id])).code).toBe('42501');
      expect((await t.error(persona, `select api.social_oauth_begin($1, 'tiktok', repeat('a', 64), null)`, [sofia])).code).toBe('42501');
      expect((await t.error(persona, `select * from api.social_oauth_take(repeat('a', 64))`)).code).toBe('42501');
    }
    // The refused calls changed nothing: the account is still there for everyone to read.
    expect(await t.rows('anon', `select count(*)::int n from api.social_accounts_of($1)`, [sofia])).toEqual([{ n: 1 }]);
  }));
});

describe('the consent state', () => {
  const hash = 'ab'.repeat(32);

  test('is taken once, bound to the creator, with its verifier', () => scenario(async (t) => {
    await t.rows('service_role', `select api.social_oauth_begin($1, 'youtube', $2, 'verifier-123')`, [sofia, hash]);
    expect(await t.rows('service_role', `select * from api.social_oauth_take($1)`, [hash]))
      .toEqual([{ user_id: sofia, platform: 'youtube', code_verifier: 'verifier-123' }]);
    expect((await t.error('service_role', `select * from api.social_oauth_take($1)`, [hash])).detail).toBe('state_unknown');
  }));

  test('expires after 10 minutes and is only for creators', () => scenario(async (t) => {
    await t.rows('service_role', `select api.social_oauth_begin($1, 'tiktok', $2, null)`, [sofia, hash]);
    await t.rows('postgres', `update app.social_oauth_states set expires_at = now() - interval '1 second'`);
    expect((await t.error('service_role', `select * from api.social_oauth_take($1)`, [hash])).detail).toBe('state_expired');
    expect((await t.error('service_role', `select api.social_oauth_begin($1, 'tiktok', $2, null)`, [ids.brand, hash])).detail).toBe('not_creator');
    expect((await t.error('service_role', `select api.social_oauth_begin($1, 'tiktok', 'short', null)`, [sofia])).detail).toBe('state_invalid');
  }));
});

describe('refresh and disconnect', () => {
  test('a refresh keeps Google\'s refresh token when none comes back; a refused one needs a reconnect', () => scenario(async (t) => {
    const id = await t.save(sofia, 'youtube', 'UCsofia', { refresh: 'google-refresh' });
    await t.rows('service_role', `select api.social_account_store_tokens($1, 'access-2', null, now() + interval '1 hour', null)`, [id]);
    expect(await t.rows('service_role', `select access_token, refresh_token from api.social_account_tokens($1)`, [id]))
      .toEqual([{ access_token: 'access-2', refresh_token: 'google-refresh' }]);
    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'refresh refused: invalid_grant')`, [id]);
    expect(await t.rows(as(sofia), `select status, last_refresh_error from api.my_social_accounts()`))
      .toEqual([{ status: 'reconnect_needed', last_refresh_error: 'refresh refused: invalid_grant' }]);
    await t.rows('service_role', `select api.social_account_refreshed($1, '@sofiarios', null, null, 1200, now())`, [id]);
    expect(await t.rows(as(sofia), `select handle, status, followers::int from api.my_social_accounts()`))
      .toEqual([{ handle: 'sofiarios', status: 'connected', followers: 1200 }]);
  }));

  test('removing the account removes its tokens', () => scenario(async (t) => {
    const id = await t.save(sofia, 'tiktok', 'open-1');
    await t.rows('service_role', `select api.social_account_remove($1)`, [id]);
    expect(await t.rows('postgres', `select 1 from app.social_tokens where account_id = $1`, [id])).toEqual([]);
    expect(await t.rows('anon', `select * from api.social_accounts_of($1)`, [sofia])).toEqual([]);
  }));
});

describe('the creator is told when an account needs reconnecting (social_reconnect_needed)', () => {
  const told = (t: Steps) =>
    t.rows<{ kind: string; data: Record<string, unknown> }>(as(sofia), `select kind, data from api.my_notifications() where kind = 'social_reconnect_needed'`);
  const emailed = (t: Steps) =>
    t.rows<{ category: string; template: string }>('postgres', `select category, template from app.email_outbox where user_id = $1 and template = 'social_reconnect_needed'`, [sofia]);

  test('the turn to reconnect_needed tells them once, in the bell and by email; later failures do not repeat it', () => scenario(async (t) => {
    const id = await t.save(sofia, 'tiktok', 'open-sofia', { handle: 'sofi.rios' });
    // A passing failure (a 429, an outage) keeps the account connected and tells nobody.
    await t.rows('service_role', `select api.social_account_refresh_failed($1, false, 'rate limited')`, [id]);
    expect(await told(t)).toEqual([]);

    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'refresh refused: invalid_grant')`, [id]);
    const notes = await told(t);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({ account_id: id, platform: 'tiktok', handle: 'sofi.rios' });
    // About their own account: sent whatever their email switches, with no unsubscribe (category account).
    expect(await emailed(t)).toEqual([{ category: 'account', template: 'social_reconnect_needed' }]);

    // The next slots' refusals of an account already waiting for its creator say nothing new.
    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'refresh refused: invalid_grant')`, [id]);
    await t.rows('service_role', `select api.social_account_refresh_failed($1, false, 'unavailable')`, [id]);
    expect(await told(t)).toHaveLength(1);
    expect(await emailed(t)).toHaveLength(1);
  }));

  test('a creator who reconnected is told again the next time the platform refuses', () => scenario(async (t) => {
    const id = await t.save(sofia, 'youtube', 'UCsofia');
    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'invalid_grant')`, [id]);
    await t.save(sofia, 'youtube', 'UCsofia');
    expect(await t.rows(as(sofia), `select status from api.my_social_accounts()`)).toEqual([{ status: 'connected' }]);
    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'invalid_grant')`, [id]);
    expect(await told(t)).toHaveLength(2);
  }));

  test('with every email switch off, the notice still comes by email', () => scenario(async (t) => {
    await t.rows('postgres', `insert into app.email_preferences (user_id, applications, work, payments, disputes_reviews, messages)
      values ($1, false, false, false, false, 'off') on conflict (user_id) do update set applications = false, work = false, payments = false, disputes_reviews = false, messages = 'off'`, [sofia]);
    const id = await t.save(sofia, 'instagram', '17841400000000001');
    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'token expired')`, [id]);
    expect(await emailed(t)).toEqual([{ category: 'account', template: 'social_reconnect_needed' }]);
  }));

  test('only the service role reports a refresh: the creator, another creator, an admin and anon are refused and nobody is told', () => scenario(async (t) => {
    const id = await t.save(sofia, 'tiktok', 'open-sofia');
    for (const persona of ['anon', as(sofia), as(mateo), as(ids.admin)] as const) {
      expect((await t.error(persona, `select api.social_account_refresh_failed($1, true, 'x')`, [id])).code).toBe('42501');
    }
    expect(await t.rows(as(sofia), `select status from api.my_social_accounts()`)).toEqual([{ status: 'connected' }]);
    expect(await told(t)).toEqual([]);
    await t.rows('service_role', `select api.social_account_refresh_failed($1, true, 'x')`, [id]);
    expect(await told(t)).toHaveLength(1);
  }));
});
