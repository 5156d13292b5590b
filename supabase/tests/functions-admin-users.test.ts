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
      compensation_type: 'flat_fee', compensation_cents: 10000, deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
    });
    expect(id.error).toBeNull();

    const dup = await call('POST', '/brands', tokens.admin, { email: 'new.brand@example.com', fullName: 'Nora Brand', companyName: 'Nora Co' });
    expect(dup).toMatchObject({ status: 409, json: { message: 'Email already in use' } });
    const bad = await call('POST', '/brands', tokens.admin, { email: 'x', fullName: 'N', companyName: '' });
    expect(bad).toMatchObject({ status: 400, json: { field: 'email' } });
  });
});

// Issue 29, item 8: what the function does through Auth leaves an audit row with the calling admin as the
// actor, written in the same request; when the row cannot be written the action is refused or undone.
describe('admin-users: the audit log', () => {
  type Row = { actor_id: string | null; action: string; target_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
  const db = () => stack.database.db;
  const mark = async () => Number((await db().query<{ n: string | number }>('select coalesce(max(id), 0) n from app.admin_audit_log')).rows[0]!.n);
  const since = async (id: number) => (await db().query<Row>(
    'select actor_id, action, target_id, before, after from app.admin_audit_log where id > $1 order by id', [id])).rows;
  const userId = async (email: string) =>
    (await db().query<{ id: string }>('select id from app.profiles where email = $1', [email])).rows[0]!.id;
  const emailOf = async (id: string) =>
    (await db().query<{ email: string }>('select email from auth.users where id = $1', [id])).rows[0]?.email;
  /** Runs fn while the service role may not write audit rows (the audit write fails), then restores it. */
  async function withAuditWriteBroken<T>(fn: () => Promise<T>): Promise<T> {
    const fnSig = 'api.admin_audit_user_action(uuid, text, uuid, jsonb, jsonb)';
    await db().query(`revoke execute on function ${fnSig} from service_role`);
    try {
      return await fn();
    } finally {
      await db().query(`grant execute on function ${fnSig} to service_role`);
    }
  }

  test('an email change is logged with the admin, the old and the new address; the role change by the database', async () => {
    const andres = await userId('andres@demo.test');
    const start = await mark();
    const res = await call('PATCH', `/users/${andres}`, tokens.admin, edit({ fullName: 'Andrés', email: 'andres.new@demo.test', username: 'andres_b', role: 'brand' }));
    expect(res.status).toBe(200);
    const rows = await since(start);
    expect(rows.find((r) => r.action === 'user.email_change')).toEqual({ actor_id: ids.admin, action: 'user.email_change', target_id: andres,
      before: { email: 'andres@demo.test' }, after: { email: 'andres.new@demo.test' } });
    expect(rows.find((r) => r.action === 'user.role_change')).toMatchObject({ actor_id: ids.admin, target_id: andres,
      before: { role: 'creator' }, after: { role: 'brand', username: 'andres_b' } });
    expect(rows.map((r) => r.actor_id)).toEqual(rows.map(() => ids.admin));
  });

  test('an email change whose audit row cannot be written is undone (500 audit_failed)', async () => {
    const santiago = await userId('santiago@demo.test');
    const start = await mark();
    const res = await withAuditWriteBroken(() =>
      call('PATCH', `/users/${santiago}`, tokens.admin, edit({ fullName: 'Santiago', email: 'santiago.new@demo.test', username: 'santiago_x' })));
    expect(res).toMatchObject({ status: 500, json: { code: 'audit_failed' } });
    expect(await emailOf(santiago)).toBe('santiago@demo.test');
    expect(await since(start)).toEqual([]);
  });

  test('a deletion is logged first with the profile as it was; with the log broken nothing is deleted', async () => {
    const camila = await userId('camila@demo.test');
    const filesOf = async (owner: string) =>
      (await db().query<{ n: number }>(`select count(*)::int as n from storage.objects where name like $1 || '/%'`, [owner])).rows[0]!.n;
    const portfolioRowsOf = async (owner: string) =>
      (await db().query<{ n: number }>('select count(*)::int as n from app.portfolio_items where creator_id = $1', [owner])).rows[0]!.n;
    expect(await portfolioRowsOf(camila)).toBeGreaterThan(0);
    // Her picture and portfolio (one in a folder of its own) go with her; someone else's stay.
    const seeded = await filesOf(camila);
    // The seed gives her a photo and portfolio files (decision 0048): they go too, with her portfolio rows.
    expect(seeded).toBeGreaterThanOrEqual(3);
    const own = await signIn('camila@demo.test');
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
    for (const [bucket, path] of [['avatars', `${camila}/avatar.png`], ['portfolio', `${camila}/reel/cover.png`], ['portfolio', `${camila}/one.png`]] as const) {
      const { error } = await own.client.storage.from(bucket).upload(path, png, { contentType: 'image/png' });
      expect(error).toBeNull();
    }
    const other = await signIn('creator@demo.test');
    expect((await other.client.storage.from('avatars').upload(`${ids.creator}/kept.png`, png, { contentType: 'image/png', upsert: true })).error).toBeNull();
    expect(await filesOf(camila)).toBe(seeded + 3);
    // A draft of one of her applications (which go with her profile) goes too; another creator's stays.
    const applicationOf = async (creator: string) =>
      (await db().query<{ id: string }>('select id from app.applications where creator_id = $1 limit 1', [creator])).rows[0]!.id;
    const [hers, theirs] = [await applicationOf(camila), await applicationOf(ids.creator)];
    const service = nodeClient(stack.url, stack.serviceRoleKey);
    for (const hire of [hers, theirs]) {
      expect((await service.storage.from('drafts').upload(`${hire}/draft.png`, png, { contentType: 'image/png' })).error).toBeNull();
    }
    const start = await mark();
    const refused = await withAuditWriteBroken(() => call('DELETE', `/users/${camila}`, tokens.admin));
    expect(refused).toMatchObject({ status: 500, json: { code: 'audit_failed' } });
    expect(await emailOf(camila)).toBe('camila@demo.test');
    expect(await since(start)).toEqual([]);

    expect(await filesOf(camila)).toBe(seeded + 3);
    expect((await call('DELETE', `/users/${camila}`, tokens.admin)).status).toBe(200);
    expect(await emailOf(camila)).toBeUndefined();
    expect(await filesOf(camila)).toBe(0);
    expect(await portfolioRowsOf(camila)).toBe(0);
    expect((await fetch(`${stack.url}/storage/v1/object/public/avatars/${camila}/avatar.png`)).status).toBe(400);
    expect(await filesOf(ids.creator)).toBeGreaterThanOrEqual(1);
    expect((await service.storage.from('drafts').exists(`${hers}/draft.png`)).data).toBe(false);
    expect((await service.storage.from('drafts').exists(`${theirs}/draft.png`)).data).toBe(true);
    const rows = await since(start);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: ids.admin, action: 'user.delete', target_id: camila, after: null,
      before: { email: 'camila@demo.test', role: 'creator' } });
    // The admin reads it through the api, with a readable target though the user is gone.
    const admin = await signIn('admin@demo.test');
    const { data } = await admin.client.rpc('admin_audit_log', { page_size: 5 });
    expect(data.find((e: { action: string }) => e.action === 'user.delete')).toMatchObject({
      actor_email: 'admin@demo.test', target_type: 'user', target_id: camila, target_label: expect.stringMatching(/Camila/),
    });
  });

  test('a new brand is logged; with the log broken the login is not kept', async () => {
    const start = await mark();
    const refused = await withAuditWriteBroken(() =>
      call('POST', '/brands', tokens.admin, { email: 'audit.brand@example.com', fullName: 'Audit Brand', companyName: 'Audit Co' }));
    expect(refused).toMatchObject({ status: 500, json: { code: 'audit_failed' } });
    expect((await db().query('select 1 from auth.users where email = $1', ['audit.brand@example.com'])).rows).toEqual([]);

    const res = await call('POST', '/brands', tokens.admin, { email: 'audit.brand@example.com', fullName: 'Audit Brand', companyName: 'Audit Co' });
    expect(res.status).toBe(201);
    expect(await since(start)).toEqual([{ actor_id: ids.admin, action: 'user.create_brand', target_id: res.json.user.id, before: null,
      after: { email: 'audit.brand@example.com', full_name: 'Audit Brand', company_name: 'Audit Co', role: 'brand' } }]);
  });

  test('the recorder is the service role\'s alone: an admin\'s own token cannot write a row', async () => {
    const admin = await signIn('admin@demo.test');
    const { error } = await admin.client.rpc('admin_audit_user_action', { actor_id: ids.admin, action: 'user.delete', user_id: ids.creator });
    expect(error).not.toBeNull();
  });
});
