import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { follow, verifyLinkOf, waitForMails } from '../../testkit/account-mail.ts';
import { authFetch, decodeJwt, newPerson, signedUp as signUpOn, type Person } from '../../testkit/auth.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

const signedUp = (p?: Person) => signUpOn(stack, p);

/** GET /user with the token, raw: auth-js hides session_not_found behind AuthSessionMissingError. */
async function whoAmI(token: string) {
  const r = await authFetch(stack, '/user', { bearer: token });
  return { status: r.status, code: r.json?.code as string | undefined, id: r.json?.id as string | undefined };
}

async function signIn(p: Person) {
  const client = stack.client();
  const { data, error } = await client.auth.signInWithPassword({ email: p.email, password: p.password });
  if (error) throw error;
  return { client, session: data.session! };
}

describe('GET /user', () => {
  it('answers the signed-in user', async () => {
    const { client, user } = await signedUp();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.user_metadata.username).toBe(user.user_metadata.username);
  });

  it('refuses no token (401), a key without sub, an expired or forged token (403 bad_jwt)', async () => {
    const none = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });

    const anon = await authFetch(stack, '/user');
    expect(anon.status).toBe(403);
    expect(anon.json).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });

    const { session, user } = await signedUp();
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...decodeJwt(session.access_token), iat: now - 7200, exp: now - 3600 };
    const expired = await stack.client().auth.getUser(signJwt(claims, stack.config.jwtSecret));
    expect(expired.error?.status).toBe(403);
    expect(expired.error?.code).toBe('bad_jwt');
    expect(expired.error?.message).toMatch(/token is expired/);

    const forged = await stack.client().auth.getUser(signJwt({ ...claims, exp: now + 3600 }, 'a-different-secret-of-at-least-32-chars'));
    expect(forged.error?.status).toBe(403);
    expect(forged.error?.code).toBe('bad_jwt');
    expect((await stack.client().auth.getUser('not.a.jwt')).error?.code).toBe('bad_jwt');

    // Same claims, right secret: accepted, so the refusals above were about exp and the signature.
    const good = await stack.client().auth.getUser(signJwt({ ...claims, exp: now + 3600 }, stack.config.jwtSecret));
    expect(good.data.user?.id).toBe(user.id);
  });

  it('refuses a token whose user was deleted (user_not_found) or whose session is gone (session_not_found)', async () => {
    const a = await signedUp();
    await stack.client({ key: stack.serviceRoleKey }).auth.admin.deleteUser(a.user.id);
    const gone = await stack.client().auth.getUser(a.session.access_token);
    expect(gone.error?.status).toBe(403);
    expect(gone.error?.code).toBe('user_not_found');

    const b = await signedUp();
    await stack.database.db.query('delete from auth.sessions where user_id = $1', [b.user.id]);
    expect(await whoAmI(b.session.access_token)).toEqual({ status: 403, code: 'session_not_found', id: undefined });
    // auth-js reports it as a missing session, which signs the client out.
    const viaClient = await stack.client().auth.getUser(b.session.access_token);
    expect(viaClient.error?.name).toBe('AuthSessionMissingError');
  });
});

describe('PUT /user', () => {
  it('merges data into user_metadata; null removes a key', async () => {
    const { client, person } = await signedUp();
    const { data, error } = await client.auth.updateUser({ data: { bio: 'Creadora de contenido', username: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: person.data.full_name, bio: 'Creadora de contenido' });
    expect(data.user?.user_metadata).not.toHaveProperty('username');
    const row = await stack.database.db.query<any>('select raw_user_meta_data from auth.users where email = $1', [person.email]);
    expect(row.rows[0].raw_user_meta_data.bio).toBe('Creadora de contenido');
  });

  // The reauthentication and current-password rules: password-change.test.ts.
  it('changes the password and signs other sessions out', async () => {
    const { client, person, user } = await signedUp();
    const other = await signIn(person);

    const same = await client.auth.updateUser({ password: person.password });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: '123' });
    expect(weak.error?.code).toBe('weak_password');

    const ok = await client.auth.updateUser({ password: 'brand-new-pass', current_password: person.password });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.id).toBe(user.id);
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
    expect((await whoAmI(other.session.access_token)).code).toBe('session_not_found');

    const old = await stack.client().auth.signInWithPassword({ email: person.email, password: person.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await stack.client().auth.signInWithPassword({ email: person.email, password: 'brand-new-pass' });
    expect(fresh.error).toBeNull();
  });

  it('changes the email, refusing one already taken with 422 email_exists', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const taken = await a.client.auth.updateUser({ email: b.person.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const invalid = await a.client.auth.updateUser({ email: 'nope@' });
    expect(invalid.error?.code).toBe('validation_failed');

    const next = newPerson('renamed').email;
    const moved = await a.client.auth.updateUser({ email: next.toUpperCase() });
    expect(moved.error).toBeNull();
    // As GoTrue: the new address waits for its confirmation link (email-change.test.ts covers the rest).
    expect([moved.data.user?.email, moved.data.user?.new_email]).toEqual([a.person.email, next]);
    // double_confirm_changes: the link to the current address first, then the new address's completes it.
    expect((await follow(verifyLinkOf((await waitForMails(stack, a.person.email))[0]!))).fragment.get('message')).toMatch(/^Confirmation link accepted/);
    const link = verifyLinkOf((await waitForMails(stack, next))[0]!);
    expect((await follow(link)).fragment.get('type')).toBe('email_change');
    const signIn = await stack.client().auth.signInWithPassword({ email: next, password: a.person.password });
    expect(signIn.error).toBeNull();
  });

  it('refuses app_metadata from a user with 403 not_admin', async () => {
    const { session } = await signedUp();
    const r = await authFetch(stack, '/user', { method: 'PUT', bearer: session.access_token, body: { app_metadata: { role: 'admin' } } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });
  });
});

describe('refresh token rotation', () => {
  it('revokes the parent and issues a child; the lost answer can be fetched again; other reuse revokes the family', async () => {
    const { client, session, user } = await signedUp();
    const db = stack.database.db;
    const a = session.refresh_token;

    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    const b = first.data.session!.refresh_token;
    expect(b).not.toBe(a);
    expect(decodeJwt(first.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    const rows = await db.query<any>('select token, revoked, parent from auth.refresh_tokens where user_id = $1 order by id', [user.id]);
    expect(rows.rows).toEqual([
      { token: a, revoked: true, parent: null },
      { token: b, revoked: false, parent: a },
    ]);

    // The client lost B: presenting A again answers the active token B instead of a new one.
    const replay = await stack.client().auth.refreshSession({ refresh_token: a });
    expect(replay.error).toBeNull();
    expect(replay.data.session?.refresh_token).toBe(b);

    const second = await stack.client().auth.refreshSession({ refresh_token: b });
    const c = second.data.session!.refresh_token;
    expect(c).not.toBe(b);

    // Outside the reuse interval and not the parent of the active token: abuse.
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [a]);
    const reused = await stack.client().auth.refreshSession({ refresh_token: a });
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');
    const live = await db.query<any>('select count(*)::int as n from auth.refresh_tokens where user_id = $1 and not revoked', [user.id]);
    expect(live.rows[0].n).toBe(0);
    // The whole family is dead, including the token the client held last.
    const afterFamily = await stack.client().auth.refreshSession({ refresh_token: c });
    expect(afterFamily.error?.code).toBe('refresh_token_already_used');
  });

  it('accepts a rotated token again within 10 s (concurrent refreshes), but not a revoked leaf', async () => {
    const { session } = await signedUp();
    const a = session.refresh_token;
    const b = (await stack.client().auth.refreshSession({ refresh_token: a })).data.session!.refresh_token;
    const c = (await stack.client().auth.refreshSession({ refresh_token: b })).data.session!.refresh_token;
    const again = await stack.client().auth.refreshSession({ refresh_token: a });
    expect(again.error).toBeNull();
    expect([a, b, c]).not.toContain(again.data.session!.refresh_token);
    // A token revoked without ever being rotated (here: by logout of the family) has no grace period.
    await stack.database.db.query('update auth.refresh_tokens set revoked = true where token = $1', [again.data.session!.refresh_token]);
    const leaf = await stack.client().auth.refreshSession({ refresh_token: again.data.session!.refresh_token });
    expect(leaf.error?.code).toBe('refresh_token_already_used');
  });

  it('refuses unknown and missing refresh tokens', async () => {
    const unknown = await stack.client().auth.refreshSession({ refresh_token: 'doesnotexist' });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    expect(unknown.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const missing = await authFetch(stack, '/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('POST /logout', () => {
  it('local: ends only the current session; its tokens are refused afterwards', async () => {
    const { client, person, session } = await signedUp();
    const other = await signIn(person);
    const { error } = await client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    expect((await whoAmI(session.access_token)).code).toBe('session_not_found');
    expect((await stack.client().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe('refresh_token_not_found');
    expect((await whoAmI(other.session.access_token)).status).toBe(200);
  });

  it('global: ends every session of the user', async () => {
    const { client, person, session } = await signedUp();
    const other = await signIn(person);
    const raw = await authFetch(stack, '/logout?scope=global', { method: 'POST', bearer: session.access_token });
    expect(raw.status).toBe(204);
    expect(raw.text).toBe('');
    for (const s of [session, other.session]) {
      expect((await whoAmI(s.access_token)).code).toBe('session_not_found');
    }
    // auth-js treats an already-ended session as signed out.
    expect((await client.auth.signOut()).error).toBeNull();
  });

  it('others: keeps the current session only; a bad scope is 400 validation_failed', async () => {
    const { session, person } = await signedUp();
    const other = await signIn(person);
    const bad = await authFetch(stack, '/logout?scope=everyone', { method: 'POST', bearer: session.access_token });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
    expect((await authFetch(stack, '/logout?scope=others', { method: 'POST', bearer: session.access_token })).status).toBe(204);
    expect((await whoAmI(session.access_token)).status).toBe(200);
    expect((await whoAmI(other.session.access_token)).code).toBe('session_not_found');
  });

  it('needs a Bearer token', async () => {
    const r = await fetch(`${stack.url}/auth/v1/logout`, { method: 'POST', headers: { apikey: stack.anonKey } });
    expect(r.status).toBe(401);
  });
});

describe('banned users', () => {
  it('cannot sign in, refresh or read themselves until the ban is lifted', async () => {
    const { person, session, user } = await signedUp();
    const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
    const banned = await admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);

    const signIn = await stack.client().auth.signInWithPassword({ email: person.email, password: person.password });
    expect(signIn.error?.status).toBe(400);
    expect(signIn.error?.code).toBe('user_banned');
    const refresh = await stack.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('user_banned');
    const me = await stack.client().auth.getUser(session.access_token);
    expect(me.error?.status).toBe(403);
    expect(me.error?.code).toBe('user_banned');

    await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect((await stack.client().auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();
  });
});
