import { describe, expect, test } from 'vitest';
import { signJwt } from '../../../testkit/runtime.ts';
import { ids } from '../../../testkit/db/personas.ts';
import { stack, brand, creator, otherCreator, anon, newSession, DEAD, signedInRows, useFacadeStack } from '../../../testkit/db/facade-stack.ts';

// Spec section 7 over HTTP, sign-in, sign-up and the session user: the /api facade (edge function `api`
// under Deno) against the real stack and a seeded scratch database of this file's own. The allowed role
// succeeds, other roles are refused, bad payloads are 400 with "field: message", calls without a session
// are 401. Errors are plain text.

useFacadeStack();

describe('sessions', () => {
  test('every signed-in call answers 401 with a text reason without a session', async () => {
    for (const [method, path, body] of signedInRows) {
      const res = await anon.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.text, `${method} ${path}`).toBe('Not signed in');
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  test('login sets an httpOnly SameSite=Lax cookie under 4 KB and returns the user', async () => {
    const s = newSession();
    const res = await s.post('/api/login', { email: 'creator@demo.test', password: 'password123' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: ids.creator, email: 'creator@demo.test', username: expect.any(String), fullName: expect.any(String),
      // The seed's photo, root-relative as the seed writes it (decision 0048).
      role: 'creator', bio: res.json.bio, avatar: `/storage/v1/object/public/avatars/${ids.creator}/avatar.webp`,
    });
    expect(res.json.bio === null || typeof res.json.bio === 'string').toBe(true);
    const [cookie] = s.lastSetCookie;
    expect(cookie).toMatch(/^sb-api-session=[A-Za-z0-9_-]+; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    // 127.0.0.1 over http is local: no Secure flag, or the browser would drop the cookie.
    expect(cookie).not.toMatch(/Secure/);
    expect(new TextEncoder().encode(cookie).length).toBeLessThan(4000);
    expect((await s.get('/api/user')).json.id).toBe(ids.creator);
  });

  test('the cookie is Secure when the site is not localhost', async () => {
    const res = await newSession().request('POST', '/api/login', { email: 'creator@demo.test', password: 'password123' }, {
      'X-Forwarded-Host': 'marketplace.example.com',
      'X-Forwarded-Proto': 'https',
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/; Secure/);
  });

  test('login refuses bad credentials (401) and bad payloads (400 with the Spanish messages)', async () => {
    let res = await newSession().post('/api/login', { email: 'creator@demo.test', password: 'wrong-password' });
    expect([res.status, res.text]).toEqual([401, 'Invalid login credentials']);
    res = await newSession().post('/api/login', { email: 'nope', password: '123' });
    expect(res.status).toBe(400);
    expect(res.text).toBe('email: Por favor ingresa un correo electrónico válido\npassword: La contraseña debe tener al menos 6 caracteres');
    res = await newSession().request('POST', '/api/login', '{not json');
    expect([res.status, res.text]).toEqual([400, 'Request body is not valid JSON']);
  });

  test('an expired access token is refreshed transparently and the cookie rotated', async () => {
    const s = await newSession().login('creator@demo.test');
    const raw = s.cookies.get('sb-api-session')!;
    const stored = JSON.parse(Buffer.from(raw, 'base64url').toString());
    // Same refresh token, but an access token that has expired (signed with the stack's secret).
    const claims = JSON.parse(Buffer.from(stored.a.split('.')[1], 'base64url').toString());
    const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, stack.config.jwtSecret);
    s.cookies.set('sb-api-session', Buffer.from(JSON.stringify({ a: expired, r: stored.r, e: claims.exp - 4000 })).toString('base64url'));
    const res = await s.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(ids.creator);
    const rotated = JSON.parse(Buffer.from(s.cookies.get('sb-api-session')!, 'base64url').toString());
    expect(rotated.r).not.toBe(stored.r);
    expect(rotated.a).not.toBe(expired);
    expect(rotated.e).toBeGreaterThan(Date.now() / 1000);
    expect((await s.get('/api/messages/unread')).status).toBe(200);
  });

  test('a session whose refresh token is no longer valid is cleared with a 401', async () => {
    const s = newSession();
    const expired = signJwt({ sub: ids.creator, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 }, stack.config.jwtSecret);
    s.cookies.set('sb-api-session', Buffer.from(JSON.stringify({ a: expired, r: 'not-a-refresh-token', e: 1 })).toString('base64url'));
    const res = await s.get('/api/user');
    expect([res.status, res.text]).toEqual([401, 'Not signed in']);
    expect(s.lastSetCookie[0]).toMatch(/^sb-api-session=; .*Max-Age=0/);
    expect(s.cookies.size).toBe(0);
  });

  test('logout ends the Supabase session and clears the cookie', async () => {
    const s = await newSession().login('creator@demo.test');
    const stored = JSON.parse(Buffer.from(s.cookies.get('sb-api-session')!, 'base64url').toString());
    const res = await s.post('/api/logout');
    expect(res.status).toBe(204);
    expect(s.cookies.size).toBe(0);
    expect((await s.get('/api/user')).status).toBe(401);
    // The refresh token died with the session: replaying the old cookie after expiry cannot revive it.
    const replay = newSession();
    replay.cookies.set('sb-api-session', Buffer.from(JSON.stringify({ ...stored, e: 1 })).toString('base64url'));
    expect((await replay.get('/api/user')).status).toBe(401);
    // Without a session, logout is a no-op.
    expect((await newSession().post('/api/logout')).status).toBe(204);
  });
});

describe('POST /api/register', () => {
  const valid = {
    email: 'nueva.creadora@demo.test', username: 'nueva_tt', password: 'secreto123', fullName: 'Nueva Creadora',
    role: 'creator', terms: true, tiktokUsername: 'nueva_tt', instagramUsername: '', youtubeUsername: 'nueva.yt',
    additionalData: { tiktokHandle: 'nueva_tt', instagramHandle: null, youtubeHandle: 'nueva.yt' },
  };

  test('creates a creator with the first filled social username and signs them in', async () => {
    const s = newSession();
    const res = await s.post('/api/register', valid);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ email: valid.email, username: 'nueva_tt', fullName: 'Nueva Creadora', role: 'creator' });
    expect(s.cookies.has('sb-api-session')).toBe(true);
    const profile = await s.get(`/api/profile/creator/${res.json.id}`);
    expect(profile.json).toMatchObject({ tiktokHandle: 'nueva_tt', instagramHandle: null, youtubeHandle: 'nueva.yt' });
  });

  test('an optional country: a creator from Brazil starts in Portuguese (issue 37), others as before', async () => {
    const language = async (id: string) =>
      (await stack.database.db.query<{ language: string | null }>('select language from app.profiles where id = $1', [id])).rows[0]!.language;
    const br = await newSession().post('/api/register', {
      ...valid, email: 'joao@demo.test', tiktokUsername: 'joao_br', additionalData: {}, youtubeUsername: '', country: 'br',
    });
    expect(br.status, br.text).toBe(201);
    expect(await language(br.json.id)).toBe('pt');
    const mx = await newSession().post('/api/register', {
      ...valid, email: 'lupita@demo.test', tiktokUsername: 'lupita_mx', additionalData: {}, youtubeUsername: '', country: 'MX',
    });
    expect(mx.status, mx.text).toBe(201);
    expect(await language(mx.json.id)).toBeNull();
  });

  test('refuses each broken rule with its Spanish message on its field', async () => {
    const res = await newSession().post('/api/register', {
      email: 'x', password: '123', fullName: 'A', role: 'brand', terms: false,
      tiktokUsername: 'ab', instagramUsername: 'bad name!', youtubeUsername: '', passwordConfirm: 'other',
    });
    expect(res.status).toBe(400);
    expect(res.text.split('\n')).toEqual([
      'fullName: El nombre debe tener al menos 2 caracteres',
      'email: Por favor ingresa un correo electrónico válido',
      'tiktokUsername: El usuario debe tener al menos 3 caracteres',
      'instagramUsername: El usuario solo puede contener letras, números, puntos y guiones bajos',
      'password: La contraseña debe tener al menos 6 caracteres',
      'passwordConfirm: Las contraseñas no coinciden',
      'role: Solo los creadores pueden registrarse',
      'terms: Debes aceptar los términos y condiciones',
    ]);
    const none = await newSession().post('/api/register', { ...valid, tiktokUsername: '', youtubeUsername: '', email: 'z@demo.test' });
    expect([none.status, none.text]).toEqual([400, 'tiktokUsername: Se requiere al menos un usuario de redes sociales']);
  });

  test('a taken username or email is a 409', async () => {
    let res = await newSession().post('/api/register', { ...valid, email: 'otra@demo.test' });
    expect([res.status, res.text]).toEqual([409, 'Este usuario ya está registrado. Prueba con otro.']);
    res = await newSession().post('/api/register', { ...valid, tiktokUsername: 'libre_123', username: 'libre_123', email: 'creator@demo.test' });
    expect([res.status, res.text]).toEqual([409, 'Este correo electrónico ya está registrado']);
  });
});

describe('users', () => {
  test('GET /api/user returns the session user in the spec fields', async () => {
    const res = await brand.get('/api/user');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['avatar', 'bio', 'email', 'fullName', 'id', 'role', 'username']);
    expect(res.json.role).toBe('brand');
  });

  test('GET /api/user/{id}: anyone signed in; 404 for unknown ids', async () => {
    const res = await creator.get(`/api/user/${ids.brand}`);
    expect(res.json).toMatchObject({ id: ids.brand, role: 'brand' });
    expect((await creator.get(`/api/user/${DEAD}`)).status).toBe(404);
    expect((await creator.get('/api/user/not-a-uuid')).status).toBe(404);
  });

  test('PATCH /api/user/{id}: only your own account, with the form rules', async () => {
    let res = await otherCreator.patch(`/api/user/${ids.otherCreator}`, { fullName: 'Mateo Q.', username: 'mateo.q', bio: 'Andes' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ fullName: 'Mateo Q.', username: 'mateo.q', bio: 'Andes' });
    res = await otherCreator.patch(`/api/user/${ids.creator}`, { fullName: 'Hacked' });
    expect([res.status, res.text]).toEqual([403, 'You can only update your own account']);
    res = await otherCreator.patch(`/api/user/${ids.otherCreator}`, { fullName: 'M', username: 'mq', email: 'bad' });
    expect(res.status).toBe(400);
    expect(res.text.split('\n')).toEqual([
      'fullName: Full name must be at least 2 characters',
      'username: Username must be at least 3 characters',
      'email: Please enter a valid email',
    ]);
    res = await otherCreator.patch(`/api/user/${ids.otherCreator}`, { username: 'glowlab' });
    expect([res.status, res.text]).toEqual([409, 'Username already taken']);
    res = await otherCreator.patch(`/api/user/${ids.otherCreator}`, { email: 'brand@demo.test' });
    expect([res.status, res.text]).toEqual([409, 'Email already in use']);
  });

  test('PATCH /api/user/{id} asks Auth to change the login email, which waits for the confirmation link', async () => {
    const s = await newSession().login('valentina@demo.test');
    const me = (await s.get('/api/user')).json;
    const res = await s.patch(`/api/user/${me.id}`, { email: 'valentina.new@demo.test' });
    expect(res.status, res.text).toBe(200);
    // As on hosted Auth: the address changes once a link is followed (decision 0021); until then the old one signs in.
    expect(res.json.email).toBe('valentina@demo.test');
    // The link goes to the new address (sent after Auth answers).
    await expect.poll(() => stack.stack.ctx.mail.catcher!.list().filter((m) => m.to.includes('valentina.new@demo.test')).length).toBe(1);
    const { rows } = await stack.database.db.query<{ email_change: string }>(`select email_change from auth.users where id = $1`, [me.id]);
    expect(rows).toEqual([{ email_change: 'valentina.new@demo.test' }]);
    expect((await newSession().post('/api/login', { email: 'valentina@demo.test', password: 'password123' })).status).toBe(200);
  });
});
