import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { ids } from '../../testkit/db/personas.ts';

// The admin-users edge function over HTTP (real Deno, verify_jwt = true) against a seeded stack.

let stack: TestStack;
const tokens: Record<string, string> = {};

async function signIn(email: string, password = 'password123'): Promise<{ token: string; client: SupabaseClient<any, 'api', 'api'> }> {
  const client = stack.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { token: data.session!.access_token, client: nodeClient(stack.url, stack.anonKey, { token: data.session!.access_token }) };
}

async function call(method: string, path: string, token: string | undefined, body?: unknown) {
  const res = await fetch(`${stack.url}/functions/v1/admin-users${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // deno-lint-ignore no-explicit-any
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  stack = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '1000' } });
  for (const [who, email] of [['admin', 'admin@demo.test'], ['brand', 'brand@demo.test'], ['creator', 'creator@demo.test']] as const) {
    tokens[who] = (await signIn(email)).token;
  }
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const edit = (over: Record<string, unknown> = {}) => ({
  fullName: 'Lucía Gómez', email: 'lucia@demo.test', username: 'lucia.g', role: 'creator', bio: null, ...over,
});

describe('admin-users', () => {
  test('the gateway refuses calls without a JWT (verify_jwt)', async () => {
    const res = await call('POST', '/brands', undefined, {});
    expect(res.status).toBe(401);
  });

  test('non-admins are refused every operation (403), whatever their user_metadata says', async () => {
    // A user can write user_metadata themselves; the function must not trust it.
    const sneaky = stack.client();
    await sneaky.auth.signInWithPassword({ email: 'creator@demo.test', password: 'password123' });
    expect((await sneaky.auth.updateUser({ data: { role: 'admin' } })).error).toBeNull();
    const { data: refreshed } = await sneaky.auth.refreshSession();
    expect(refreshed.user!.user_metadata.role).toBe('admin');
    tokens.creator = refreshed.session!.access_token;
    for (const who of ['brand', 'creator']) {
      for (const [method, path, body] of [
        ['POST', '/brands', { email: 'x@y.co', fullName: 'Xy', companyName: 'X' }],
        ['PATCH', `/users/${ids.otherCreator}`, edit()],
        ['DELETE', `/users/${ids.otherCreator}`, undefined],
      ] as const) {
        const res = await call(method, path, tokens[who], body);
        expect(res, `${who} ${method} ${path}`).toEqual({ status: 403, json: { message: 'Only admins can manage users', code: 'not_admin' } });
      }
    }
  });

  test('an admin edits a user, email included, and the user signs in with the new email', async () => {
    const lucia = await signIn('lucia@demo.test');
    const me = (await lucia.client.rpc('current_profile')).data[0];
    const res = await call('PATCH', `/users/${me.id}`, tokens.admin, edit({ email: 'lucia.new@demo.test', bio: 'Hola' }));
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: me.id, email: 'lucia.new@demo.test', username: 'lucia.g', bio: 'Hola' });
    await expect(signIn('lucia.new@demo.test')).resolves.toBeTruthy();
    await expect(signIn('lucia@demo.test')).rejects.toThrow();
  });

  test('edit validation, conflicts and protections answer JSON with the right status', async () => {
    let res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, edit({ fullName: 'M', email: 'nope', username: 'ab' }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Full name must be at least 2 characters', field: 'fullName' });
    res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, edit({ email: 'nope' }));
    expect(res.json).toMatchObject({ message: 'Please enter a valid email', field: 'email' });
    res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, edit({ email: 'brand@demo.test' }));
    expect(res).toMatchObject({ status: 409, json: { message: 'Email already in use' } });
    res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, edit({ email: 'mateo@demo.test', username: 'glowlab' }));
    expect(res).toMatchObject({ status: 409, json: { message: 'Username already taken' } });
    res = await call('PATCH', '/users/00000000-0000-0000-0000-00000000dead', tokens.admin, edit());
    expect(res).toMatchObject({ status: 404, json: { message: 'User not found' } });
    res = await call('PATCH', `/users/${ids.admin}`, tokens.admin, edit({ email: 'admin@demo.test', username: 'admin_demo', role: 'brand' }));
    expect(res).toMatchObject({ status: 400, json: { message: 'You cannot change your own role', code: 'own_role' } });
    res = await call('DELETE', `/users/${ids.admin}`, tokens.admin);
    expect(res).toMatchObject({ status: 400, json: { message: 'You cannot delete your own account' } });
    res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, 'not json' as unknown as object);
    expect(res.status).toBe(400);
  });

  test('an admin cannot demote the last other admin away: 409 only when no admin would remain', async () => {
    // Make Mateo an admin, then demote him: allowed, because the caller stays an admin.
    let res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, edit({ fullName: 'Mateo', email: 'mateo@demo.test', username: 'mateo_admin', role: 'admin' }));
    expect(res.status).toBe(200);
    res = await call('PATCH', `/users/${ids.otherCreator}`, tokens.admin, edit({ fullName: 'Mateo', email: 'mateo@demo.test', username: 'mateo_admin', role: 'creator' }));
    expect(res.status).toBe(200);
  });

  test('deleting a user removes their login and data; their payments stay', async () => {
    const service = stack.client({ key: stack.serviceRoleKey });
    // Diego (c05) was paid for approved content: the money history must survive his account.
    const paid = await stack.database.db.query<{ id: string }>('select id from app.payments where creator_id = $1', [ids.creatorN(5)]);
    expect(paid.rows.length).toBeGreaterThan(0);
    const victim = await signIn('diego@demo.test');
    const victimId = (await victim.client.rpc('current_profile')).data[0].id as string;
    const res = await call('DELETE', `/users/${victimId}`, tokens.admin);
    expect(res).toEqual({ status: 200, json: { id: victimId } });
    const { data } = await service.auth.admin.getUserById(victimId);
    expect(data.user).toBeNull();
    await expect(signIn('diego@demo.test')).rejects.toThrow();
    const again = await call('DELETE', `/users/${victimId}`, tokens.admin);
    expect(again.status).toBe(404);
    const kept = await stack.database.db.query<{ creator_id: string | null }>(
      'select creator_id from app.payments where id = any($1::uuid[])', [paid.rows.map((r) => r.id)]);
    expect(kept.rows).toEqual(paid.rows.map(() => ({ creator_id: null })));
    const campaigns = await stack.database.db.query('select 1 from app.applications where creator_id = $1', [victimId]);
    expect(campaigns.rows).toEqual([]);
  });

  test('an admin creates a brand; it signs in with the temporary password, must set a new one, then works as a brand', async () => {
    const res = await call('POST', '/brands', tokens.admin, { email: 'New.Brand@Example.com', fullName: 'Nora Brand', companyName: 'Nora Co' });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: 'new.brand@example.com', fullName: 'Nora Brand', role: 'brand', companyName: 'Nora Co', passwordChangeRequired: true });
    const password = res.json.temporaryPassword as string;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({ email: 'new.brand@example.com', password });
    expect(error).toBeNull();
    expect(data.user!.app_metadata.password_change_required).toBe(true);
    const profile = (await client.rpc('current_profile')).data[0];
    expect(profile).toMatchObject({ role: 'brand', full_name: 'Nora Brand' });
    const brandProfile = (await client.rpc('brand_profile', { brand_id: profile.id })).data[0];
    expect(brandProfile.company_name).toBe('Nora Co');

    // Setting a password clears the flag (database trigger); a refresh carries the new app_metadata.
    expect((await client.auth.updateUser({ password: 'a-new-password' })).error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.data.user!.app_metadata.password_change_required).toBeUndefined();
    const id = await client.rpc('create_campaign', {
      title: 'Nora launch', description: 'First campaign', content_type: 'video', platforms: ['instagram'],
      compensation_type: 'flat_fee', compensation_cents: 10000, deadline: new Date(Date.now() + 86400_000).toISOString(),
    });
    expect(id.error).toBeNull();

    const dup = await call('POST', '/brands', tokens.admin, { email: 'new.brand@example.com', fullName: 'Nora Brand', companyName: 'Nora Co' });
    expect(dup).toMatchObject({ status: 409, json: { message: 'Email already in use' } });
    const bad = await call('POST', '/brands', tokens.admin, { email: 'x', fullName: 'N', companyName: '' });
    expect(bad).toMatchObject({ status: 400, json: { field: 'email' } });
  });
});
