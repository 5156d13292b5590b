import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { authFetch, newPerson } from '../../testkit/auth.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

const admin = () => stack.client({ key: stack.serviceRoleKey }).auth.admin;

async function createUser(confirm = true) {
  const p = newPerson('brand');
  const { data, error } = await admin().createUser({
    email: p.email,
    password: p.password,
    email_confirm: confirm,
    user_metadata: p.data,
    app_metadata: { plan: 'pro' },
  });
  if (error) throw error;
  return { person: p, user: data.user! };
}

describe('admin API as service_role', () => {
  it('creates a user who can sign in, with merged app_metadata', async () => {
    const { person, user } = await createUser();
    expect(user.email).toBe(person.email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    // GoTrue stores what was passed; confirming the email (email_confirm) adds email_verified, nothing else.
    expect(user.user_metadata).toEqual({ ...person.data, email_verified: true });
    const signIn = await stack.client().auth.signInWithPassword({ email: person.email, password: person.password });
    expect(signIn.error).toBeNull();

    const dup = await admin().createUser({ email: person.email.toUpperCase(), password: 'whatever-1' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');
    const weak = await admin().createUser({ email: newPerson().email, password: '1' });
    expect(weak.error?.code).toBe('weak_password');
    const bad = await admin().createUser({ email: 'bad email' });
    expect(bad.error?.code).toBe('validation_failed');
  });

  it('creates an unconfirmed user who cannot sign in yet (email_not_confirmed)', async () => {
    const { person, user } = await createUser(false);
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.user_metadata).toEqual(person.data);
    const signIn = await stack.client().auth.signInWithPassword({ email: person.email, password: person.password });
    expect(signIn.error?.status).toBe(400);
    expect(signIn.error?.code).toBe('email_not_confirmed');
    const confirmed = await admin().updateUserById(user.id, { email_confirm: true });
    expect(confirmed.data.user?.user_metadata).toEqual({ ...person.data, email_verified: true });
    expect((await stack.client().auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();
  });

  it('an email change by the admin leaves user_metadata as it was; passed metadata is merged', async () => {
    const { person, user } = await createUser();
    const email = newPerson().email;
    const { data, error } = await admin().updateUserById(user.id, { email, user_metadata: { plan: 'gold' } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toEqual({ ...person.data, email_verified: true, plan: 'gold' });
  });

  it('lists users page by page with X-Total-Count and Link', async () => {
    for (let i = 0; i < 3; i++) await createUser();
    const total = Number((await stack.database.db.query<any>('select count(*)::int as n from auth.users')).rows[0].n);
    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect((data as any).total).toBe(total);
    expect((data as any).nextPage).toBe(2);
    expect((data as any).lastPage).toBe(Math.ceil(total / 2));
    const raw = await authFetch(stack, '/admin/users?page=2&per_page=2', { bearer: stack.serviceRoleKey });
    expect(raw.status).toBe(200);
    expect(raw.json.aud).toBe('authenticated');
    expect(raw.json.users).toHaveLength(2);
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toContain('</admin/users?page=' + Math.ceil(total / 2) + '&per_page=2>; rel="last"');
    // Newest first, and pages do not overlap.
    const ids = new Set([...data.users.map((u) => u.id), ...raw.json.users.map((u: any) => u.id)]);
    expect(ids.size).toBe(4);
    const badPage = await authFetch(stack, '/admin/users?page=x', { bearer: stack.serviceRoleKey });
    expect(badPage.status).toBe(400);
  });

  it('gets a user by id; a malformed id or a missing user is 404', async () => {
    const { user } = await createUser();
    const { data } = await admin().getUserById(user.id);
    expect(data.user?.id).toBe(user.id);
    const bad = await authFetch(stack, '/admin/users/not-a-uuid', { bearer: stack.serviceRoleKey });
    expect(bad.status).toBe(404);
    expect(bad.json).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
    const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
  });

  it('updates metadata (merge, null deletes), role, email and password', async () => {
    const { person, user } = await createUser();
    const newEmail = newPerson('moved').email;
    const { data, error } = await admin().updateUserById(user.id, {
      user_metadata: { bio: 'hola', username: null },
      app_metadata: { plan: null, role: 'brand' },
      email: newEmail,
      password: 'admin-set-pass',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.user_metadata).toMatchObject({ full_name: person.data.full_name, bio: 'hola' });
    expect(data.user?.user_metadata).not.toHaveProperty('username');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'brand' });
    expect((await stack.client().auth.signInWithPassword({ email: newEmail, password: 'admin-set-pass' })).error).toBeNull();

    const other = await createUser();
    const taken = await admin().updateUserById(user.id, { email: other.person.email });
    expect(taken.error?.code).toBe('email_exists');
    const weak = await admin().updateUserById(user.id, { password: 'x' });
    expect(weak.error?.code).toBe('weak_password');
    const ban = await authFetch(stack, `/admin/users/${user.id}`, { method: 'PUT', bearer: stack.serviceRoleKey, body: { ban_duration: 'forever' } });
    expect(ban.status).toBe(400);
  });

  it('deletes a user (hard, or soft keeping the row)', async () => {
    const { user } = await createUser();
    const { error } = await admin().deleteUser(user.id);
    expect(error).toBeNull();
    expect((await admin().getUserById(user.id)).error?.code).toBe('user_not_found');
    const raw = await authFetch(stack, `/admin/users/${user.id}`, { method: 'DELETE', bearer: stack.serviceRoleKey });
    expect(raw.status).toBe(404);

    const soft = await createUser();
    expect((await admin().deleteUser(soft.user.id, true)).error).toBeNull();
    const kept = await admin().getUserById(soft.user.id);
    expect(kept.data.user?.deleted_at).toBeTruthy();
    expect(kept.data.user?.email).not.toBe(soft.person.email);
    const signIn = await stack.client().auth.signInWithPassword({ email: soft.person.email, password: soft.person.password });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });
});

describe('admin API refuses everyone else', () => {
  it('refuses the anon key, a user token and no token', async () => {
    const anon = await stack.client().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    expect(anon.error?.message).toBe('User not allowed');

    const p = newPerson();
    const { data } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    const bearer = data.session!.access_token;
    const { user } = await createUser();
    const attempts = [
      authFetch(stack, '/admin/users', { bearer }),
      authFetch(stack, `/admin/users/${user.id}`, { bearer }),
      authFetch(stack, `/admin/users/${user.id}`, { method: 'PUT', bearer, body: { app_metadata: { role: 'admin' } } }),
      authFetch(stack, `/admin/users/${user.id}`, { method: 'DELETE', bearer }),
      authFetch(stack, '/admin/users', { bearer, body: { email: newPerson().email, password: 'secret-123' } }),
    ];
    for (const r of await Promise.all(attempts)) {
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
    expect((await admin().getUserById(user.id)).data.user?.app_metadata).not.toHaveProperty('role');

    const none = await fetch(`${stack.url}/auth/v1/admin/users`, { headers: { apikey: stack.anonKey } });
    expect(none.status).toBe(401);
  });
});
