import { describe, expect, test } from 'vitest';
import { ids } from '../../../testkit/db/personas.ts';
import { stack, admin, brand, creator, otherCreator, anon, newSession, DEAD, signedInRows, useFacadeStack } from '../../../testkit/db/facade-stack.ts';

// Spec section 7 over HTTP, messages, admin users and routing: the /api facade (edge function `api` under
// Deno) against the real stack and a seeded scratch database of this file's own. The allowed role succeeds,
// other roles are refused, bad payloads are 400 with "field: message", calls without a session are 401.
// Errors are plain text.

useFacadeStack();

describe('messages', () => {
  test('GET /api/messages/unread returns a count', async () => {
    const res = await creator.get('/api/messages/unread');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ count: expect.any(Number) });
    expect(res.json.count).toBeGreaterThan(0);
  });

  test('POST /api/messages, GET /api/messages/{contactId}, GET /api/contacts', async () => {
    let res = await creator.post('/api/messages', { receiverId: ids.brand, content: 'Hola desde la API' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ senderId: ids.creator, receiverId: ids.brand, content: 'Hola desde la API', read: false });
    const conv = await brand.get(`/api/messages/${ids.creator}`);
    expect(conv.json.at(-1)).toMatchObject({ content: 'Hola desde la API' });
    const times = conv.json.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a: number, b: number) => a - b));
    const contacts = await brand.get('/api/contacts');
    expect(contacts.json[0]).toMatchObject({ contactId: ids.creator, lastMessage: 'Hola desde la API' });
    // Creators cannot message creators; empty messages are refused.
    res = await creator.post('/api/messages', { receiverId: ids.otherCreator, content: 'hola' });
    expect([res.status, res.text]).toEqual([403, 'You cannot message this user']);
    res = await creator.post('/api/messages', { receiverId: ids.brand, content: '   ' });
    expect([res.status, res.text]).toEqual([400, 'content: Message cannot be empty']);
    res = await creator.post('/api/messages', { receiverId: DEAD, content: 'hola' });
    expect(res.status).toBe(404);
    expect((await creator.get('/api/messages/not-a-uuid')).status).toBe(404);
  });
});

describe('admin users', () => {
  test('GET /api/admin/users: admins only, optional role filter', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThanOrEqual(16);
    expect(res.json[0]).toHaveProperty('email');
    const brands = await admin.get('/api/admin/users?role=brand');
    expect(brands.json.every((u: { role: string }) => u.role === 'brand')).toBe(true);
    for (const s of [brand, creator]) expect(await s.get('/api/admin/users')).toMatchObject({ status: 403, text: 'Only admins can manage users' });
  });

  test('PATCH /api/admin/users/{id}: admins edit fields and email; the Edit User rules', async () => {
    const s = await newSession().login('camila@demo.test');
    const camila = (await s.get('/api/user')).json;
    const edit = { fullName: 'Camila Edited', email: 'camila.edited@demo.test', username: 'camila_edited', role: 'creator', bio: 'Nueva bio' };
    let res = await admin.patch(`/api/admin/users/${camila.id}`, edit);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ id: camila.id, ...edit });
    expect((await newSession().post('/api/login', { email: 'camila.edited@demo.test', password: 'password123' })).status).toBe(200);

    res = await admin.patch(`/api/admin/users/${camila.id}`, { ...edit, fullName: 'C', email: 'bad', username: 'ca' });
    expect(res.status).toBe(400);
    expect(res.text.split('\n')).toEqual([
      'fullName: Full name must be at least 2 characters',
      'email: Please enter a valid email',
      'username: Username must be at least 3 characters',
    ]);
    res = await admin.patch(`/api/admin/users/${camila.id}`, { ...edit, email: 'brand@demo.test' });
    expect([res.status, res.text]).toEqual([409, 'Email already in use']);
    res = await admin.patch(`/api/admin/users/${camila.id}`, { ...edit, username: 'glowlab' });
    expect([res.status, res.text]).toEqual([409, 'Username already taken']);
    // The failed username change left the email as it was.
    expect((await admin.get('/api/admin/users')).json.find((u: { id: string }) => u.id === camila.id).email).toBe('camila.edited@demo.test');
    res = await brand.patch(`/api/admin/users/${camila.id}`, edit);
    expect(res.status).toBe(403);
    res = await admin.patch(`/api/admin/users/${DEAD}`, edit);
    expect([res.status, res.text]).toEqual([404, 'User not found']);
    res = await admin.patch(`/api/admin/users/${ids.admin}`, { fullName: 'Admin', email: 'admin@demo.test', username: 'admin_demo', role: 'creator', bio: null });
    expect([res.status, res.text]).toEqual([400, 'role: You cannot change your own role']);
  });

  test('DELETE /api/admin/users/{id}: admins only, never themselves; payments survive', async () => {
    expect((await creator.delete(`/api/admin/users/${ids.creatorN(12)}`)).status).toBe(403);
    expect(await admin.delete(`/api/admin/users/${ids.admin}`)).toMatchObject({ status: 400, text: 'You cannot delete your own account' });
    expect((await admin.delete(`/api/admin/users/${DEAD}`)).status).toBe(404);
    const before = (await brand.get('/api/brands/payments')).json.length;
    // Diego (c05) was paid by ByteBrew: his account goes, the payment record stays.
    expect((await admin.delete(`/api/admin/users/${ids.creatorN(5)}`)).status).toBe(204);
    expect((await admin.get('/api/admin/users')).json.map((u: { id: string }) => u.id)).not.toContain(ids.creatorN(5));
    const thirdBrand = await newSession().login('bytebrew@demo.test');
    const paid = (await thirdBrand.get('/api/brands/payments')).json;
    expect(paid.some((p: { creatorId: string | null }) => p.creatorId === null)).toBe(true);
    expect((await brand.get('/api/brands/payments')).json.length).toBe(before);
    expect((await newSession().post('/api/login', { email: 'diego@demo.test', password: 'password123' })).status).toBe(401);
  });

  test('a deleted user\'s session is refused and cleared', async () => {
    const s = await newSession().login('gabriela@demo.test');
    const me = (await s.get('/api/user')).json;
    expect((await admin.delete(`/api/admin/users/${me.id}`)).status).toBe(204);
    const res = await s.get('/api/user');
    expect(res.status).toBe(401);
    expect(s.cookies.size).toBe(0);
  });
});

describe('routing', () => {
  test('unknown paths are 404 text; known paths with another method 405', async () => {
    for (const path of ['/api/unknown', '/api', '/api/campaigns/x/y']) {
      const res = await creator.get(path);
      expect([res.status, res.text], path).toEqual([404, 'Not found']);
    }
    const res = await creator.request('PUT', '/api/campaigns');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect((await creator.request('DELETE', '/api/campaigns/brand')).status).toBe(405);
  });

  test('the OpenAPI document lists exactly the operations the function serves', async () => {
    const doc = (await anon.get('/api/openapi.json')).json;
    expect(doc.openapi).toBe('3.1.0');
    const documented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.push(`${method.toUpperCase()} ${path}`);
    }
    // Every row of section 7 is documented...
    const section7 = [...signedInRows.map(([m, p]) => `${m} ${p.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}')}`),
      'POST /api/login', 'POST /api/register', 'POST /api/logout'];
    const normalize = (s: string) => s.replace(/\{[a-zA-Z]+\}/g, '{}');
    for (const row of section7) expect(documented.map(normalize), row).toContain(normalize(row));
    // ...and every documented operation is served (a route miss would be the bare 404 "Not found" or 405).
    for (const op of documented) {
      const [method, path] = op.split(' ') as [string, string];
      const concrete = path.replace(/\{[a-zA-Z]+\}/g, DEAD);
      // Without a session: a served route answers (401, 400, 200, 204), a route miss is the bare 404.
      const res = await newSession().request(method, concrete, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status === 405 || (res.status === 404 && res.text === 'Not found'), `${op} -> ${res.status} ${res.text}`).toBe(false);
    }
    // ...and nothing else is served: every served route (api-unit.test.ts holds the route table and the document together) appears here.
    expect(new Set(documented).size).toBe(documented.length);
  });

  test('OPTIONS answers with the CORS headers', async () => {
    const res = await fetch(`${stack.url}/api/campaigns`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });
});
