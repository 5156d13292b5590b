import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { authFetch, decodeJwt, newPerson } from '../../testkit/auth.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

describe('sign-up', () => {
  it('creates a confirmed user with its metadata and answers a session', async () => {
    const p = newPerson();
    const { data, error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session?.access_token).toBeTruthy();
    expect(session?.refresh_token).toBeTruthy();
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);
    expect(user?.email).toBe(p.email);
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.confirmed_at).toBeTruthy();
    expect(user?.aud).toBe('authenticated');
    expect(user?.role).toBe('authenticated');
    expect(user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user?.user_metadata).toMatchObject({ ...p.data, email: p.email, email_verified: true, sub: user?.id });
    expect(user?.identities).toHaveLength(1);
    expect(user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: user?.id, identity_data: { email: p.email } });
    expect(user?.is_anonymous).toBe(false);

    const claims = decodeJwt(session!.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: p.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.user_metadata).toMatchObject(p.data);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.exp - claims.iat).toBe(3600);

    const db = stack.database.db;
    const row = await db.query<any>('select * from auth.users where id = $1', [user!.id]);
    expect(row.rows[0].raw_user_meta_data).toMatchObject(p.data);
    expect(row.rows[0].encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(await bcrypt.compare(p.password, row.rows[0].encrypted_password)).toBe(true);
    const sessions = await db.query<any>('select id::text as id from auth.sessions where user_id = $1', [user!.id]);
    expect(sessions.rows.map((s) => s.id)).toEqual([claims.session_id]);
    const tokens = await db.query<any>('select token, revoked, parent from auth.refresh_tokens where user_id = $1', [user!.id]);
    expect(tokens.rows).toEqual([{ token: session!.refresh_token, revoked: false, parent: null }]);
  });

  it('refuses a second sign-up with the same email (any case) with 422 user_already_exists', async () => {
    const p = newPerson();
    await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    const { data, error } = await stack.client().auth.signUp({ email: p.email.toUpperCase(), password: 'another-pass-1', options: { data: newPerson().data } });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('refuses a weak password with 422 weak_password and its reasons', async () => {
    const p = newPerson();
    const { error } = await stack.client().auth.signUp({ email: p.email, password: '12345', options: { data: p.data } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect((error as any).reasons).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 6 characters.');
    const raw = await authFetch(stack, '/signup', { body: { email: p.email, password: 'abc' } });
    expect(raw.json).toEqual({ code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } });
    const count = await stack.database.db.query<any>('select count(*)::int as n from auth.users where email = $1', [p.email]);
    expect(count.rows[0].n).toBe(0);
  });

  it('refuses a password over 72 bytes, an empty one and a malformed email with 400/422 validation_failed', async () => {
    const p = newPerson();
    const long = await authFetch(stack, '/signup', { body: { email: p.email, password: 'x'.repeat(73) } });
    expect(long.status).toBe(400);
    expect(long.json).toEqual({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });
    const empty = await authFetch(stack, '/signup', { body: { email: p.email, password: '' } });
    expect(empty.status).toBe(422);
    expect(empty.json.code).toBe('validation_failed');
    const { error } = await stack.client().auth.signUp({ email: 'not-an-email', password: p.password });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('answers an anonymous sign-in with 422 anonymous_provider_disabled, as GoTrue with enable_anonymous_sign_ins off', async () => {
    const { data, error } = await stack.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect([error?.status, error?.code, error?.message]).toEqual([422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled']);
    // A password without email or phone is the same request to GoTrue.
    const raw = await authFetch(stack, '/signup', { body: { password: 'correct-horse-9' } });
    expect([raw.status, raw.json]).toEqual([422, { code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' }]);
  });

  it('answers bad JSON with 400 bad_json, in the legacy shape when the version header is missing', async () => {
    const modern = await authFetch(stack, '/signup', { text: '{"email": ' });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.json.code).toBe('bad_json');
    expect(modern.json.message).toMatch(/^Could not parse request body as JSON/);
    const legacy = await authFetch(stack, '/signup', { text: 'nope', versioned: false });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.json).toMatchObject({ code: 400, error_code: 'bad_json', msg: expect.stringMatching(/^Could not parse/) });
    const wrongType = await authFetch(stack, '/signup', { body: { email: 42, password: 'secret-123' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.code).toBe('bad_json');
  });

  it('creates nothing and answers 500 "Database error saving new user" when a trigger on auth.users raises', async () => {
    const db = stack.database.db;
    await db.exec(`
      create function public.test_refuse_user() returns trigger language plpgsql as $$
      begin
        if new.raw_user_meta_data->>'username' = 'refused' then raise exception 'username refused'; end if;
        return new;
      end $$;
      create trigger test_refuse_user before insert on auth.users for each row execute function public.test_refuse_user();`);
    try {
      const p = newPerson();
      const { data, error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: { full_name: 'X', username: 'refused' } } });
      expect(data.session).toBeNull();
      // auth-js turns every 500 into a retryable error without a code, as it does against GoTrue.
      expect(error?.status).toBe(500);
      expect(error?.name).toBe('AuthRetryableFetchError');
      const raw = await authFetch(stack, '/signup', { body: { email: p.email, password: p.password, data: { username: 'refused' } } });
      expect(raw.status).toBe(500);
      expect(raw.json).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' });
      const users = await db.query<any>('select count(*)::int as n from auth.users where email = $1', [p.email]);
      expect(users.rows[0].n).toBe(0);
      // A trigger that lets the row through does not get in the way.
      const ok = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
      expect(ok.error).toBeNull();
    } finally {
      await db.exec('drop trigger test_refuse_user on auth.users; drop function public.test_refuse_user();');
    }
  });

  it("runs the project's triggers on auth.users as supabase_auth_admin, as hosted Auth does: one that needs more rights fails the sign-up", async () => {
    const db = stack.database.db;
    // A security invoker trigger writing a table supabase_auth_admin has no grant on: the classic
    // "works locally, Database error saving new user on hosted" mistake; security definer is the fix.
    await db.exec(`
      create table public.test_signups (id uuid primary key);
      revoke all on public.test_signups from public, anon, authenticated, service_role, supabase_auth_admin;
      create function public.test_log_signup() returns trigger language plpgsql as $$
      begin insert into public.test_signups (id) values (new.id); return new; end $$;
      create trigger test_log_signup after insert on auth.users for each row execute function public.test_log_signup();`);
    try {
      const p = newPerson();
      const refused = await authFetch(stack, '/signup', { body: { email: p.email, password: p.password, data: p.data } });
      expect([refused.status, refused.json]).toEqual([500, { code: 'unexpected_failure', message: 'Database error saving new user' }]);
      await db.exec('alter function public.test_log_signup() security definer');
      const ok = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
      expect(ok.error).toBeNull();
      const logged = await db.query<{ n: number }>('select count(*)::int as n from public.test_signups where id = $1', [ok.data.user!.id]);
      expect(logged.rows[0]!.n).toBe(1);
    } finally {
      await db.exec('drop trigger test_log_signup on auth.users; drop function public.test_log_signup(); drop table public.test_signups;');
    }
  });
});

describe('sign-in with password', () => {
  it('answers a new session for the right password, whatever the email case', async () => {
    const p = newPerson();
    const up = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    const { data, error } = await stack.client().auth.signInWithPassword({ email: p.email.toUpperCase(), password: p.password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(up.data.user?.id);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(up.data.session?.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).not.toBe(decodeJwt(up.data.session!.access_token).session_id);
  });

  it('refuses a wrong password and an unknown email alike with 400 invalid_credentials', async () => {
    const p = newPerson();
    await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    for (const attempt of [{ email: p.email, password: 'wrong-password' }, { email: `nobody.${p.email}`, password: p.password }]) {
      const { data, error } = await stack.client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
    const legacy = await authFetch(stack, '/token?grant_type=password', { body: { email: p.email, password: 'nope-nope' }, versioned: false });
    expect(legacy.json).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('refuses an unknown grant type and a missing email the way GoTrue does', async () => {
    const grant = await authFetch(stack, '/token?grant_type=magic', { body: {} });
    expect(grant.status).toBe(400);
    expect(grant.json).toEqual({ error: 'unsupported_grant_type', error_description: '' });
    const missing = await authFetch(stack, '/token?grant_type=password', { body: { password: 'whatever1' } });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('validation_failed');
  });
});

describe('settings, health and unknown paths', () => {
  it('describes the server', async () => {
    const s = await authFetch(stack, '/settings');
    expect(s.status).toBe(200);
    expect(s.json).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true });
    const h = await authFetch(stack, '/health');
    expect(h.json).toMatchObject({ name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    const unknown = await authFetch(stack, '/nowhere');
    expect(unknown.status).toBe(404);
    const wrongMethod = await authFetch(stack, '/signup', { method: 'GET' });
    expect(wrongMethod.status).toBe(405);
  });
});
