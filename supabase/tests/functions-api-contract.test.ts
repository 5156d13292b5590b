import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../testkit/runtime.ts';
import { LOCAL_STRIPE_SECRET_KEY } from '../../testkit/runtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { ApiSession } from '../../testkit/db/api-client.ts';
import { ids } from '../../testkit/db/personas.ts';

// Spec section 7 over HTTP: the /api facade (edge function `api` under Deno) against the real stack and a
// seeded scratch database. Each row: the allowed role succeeds, other roles are refused, bad payloads are
// 400 with "field: message", calls without a session are 401. Errors are plain text.

let stack: TestStack;
let admin: ApiSession;
let brand: ApiSession;
let otherBrand: ApiSession;
let creator: ApiSession;
let otherCreator: ApiSession;
let anon: ApiSession;
const newSession = () => new ApiSession(stack.url);

beforeAll(async () => {
  // The sign-in limit is per client address; every session here comes from 127.0.0.1.
  stack = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '1000' } });
  [admin, brand, otherBrand, creator, otherCreator] = await Promise.all([
    newSession().login('admin@demo.test'),
    newSession().login('brand@demo.test'),
    newSession().login('trailpeak@demo.test'),
    newSession().login('creator@demo.test'),
    newSession().login('mateo@demo.test'),
  ]);
  anon = newSession();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const DEAD = '00000000-0000-0000-0000-00000000dead';

/** The Supabase access token inside a facade session's cookie (to call the payments function directly). */
function accessToken(s: ApiSession): string {
  return JSON.parse(Buffer.from(s.cookies.get('sb-api-session')!, 'base64url').toString()).a;
}

/** The Stripe SDK pointed at the stack's Stripe double, as Stripe.js would pay in the browser. */
function stripeSdk(): Stripe {
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, {
    host: '127.0.0.1', port: Number(new URL(stack.url).port), protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0,
  });
}

async function paymentStatusOf(stripePaymentId: string): Promise<string | undefined> {
  const { rows } = await stack.database.db.query<{ status: string }>(`select status from app.payments where stripe_payment_id = $1`, [stripePaymentId]);
  return rows[0]?.status;
}

/** Every signed-in row of section 7 answers 401 text without a session. */
const signedInRows: Array<[string, string, unknown?]> = [
  ['GET', '/api/user'],
  ['GET', '/api/messages/unread'],
  ['GET', '/api/campaigns'],
  ['GET', '/api/campaigns/brand'],
  ['GET', `/api/campaigns/${ids.campaign(1)}`],
  ['POST', '/api/campaigns', {}],
  ['PATCH', `/api/campaigns/${ids.campaign(1)}`, {}],
  ['GET', `/api/profile/brand/${ids.brand}`],
  ['GET', `/api/profile/creator/${ids.creator}`],
  ['POST', '/api/profile/brand', {}],
  ['POST', '/api/profile/creator', {}],
  ['GET', '/api/creators'],
  ['GET', '/api/creators/payments'],
  ['GET', '/api/brands/payments'],
  ['GET', '/api/applications/creator'],
  ['GET', `/api/applications/campaign/${ids.campaign(1)}`],
  ['POST', '/api/applications', {}],
  ['PATCH', `/api/applications/${ids.application(2)}`, {}],
  ['GET', `/api/deliverables/${ids.application(1)}`],
  ['POST', '/api/deliverables', {}],
  ['PATCH', `/api/deliverables/${ids.deliverable(2)}`, {}],
  ['DELETE', `/api/deliverables/${ids.deliverable(2)}`],
  ['GET', '/api/admin/users'],
  ['PATCH', `/api/admin/users/${ids.creator}`, {}],
  ['DELETE', `/api/admin/users/${ids.creator}`],
  ['GET', `/api/user/${ids.creator}`],
  ['PATCH', `/api/user/${ids.creator}`, {}],
  ['GET', '/api/check-payment-status?payment_intent=pi_x'],
  ['GET', '/api/contacts'],
  ['GET', `/api/messages/${ids.brand}`],
  ['POST', '/api/messages', {}],
];

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
      role: 'creator', bio: res.json.bio, avatar: null,
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

describe('campaigns', () => {
  const form = {
    title: 'API launch', description: 'Made through the REST facade', contentType: 'video', platforms: 'instagram,tiktok',
    compensationType: 'flat_fee', compensation: 125.5, deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
    requirements: 'One reel', status: 'active',
  };
  let created: string;

  test('GET /api/campaigns lists active campaigns in camelCase with dollars', async () => {
    const res = await creator.get('/api/campaigns');
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    const c = res.json.find((x: { id: string }) => x.id === ids.campaign(1));
    expect(c).toMatchObject({ brandId: ids.brand, compensation: 500, compensationCents: 50000, status: 'active', hasApplied: true });
    expect(c.platforms.split(',').sort()).toEqual(['instagram', 'tiktok']);
    const filtered = await creator.get('/api/campaigns?platform=youtube');
    expect(filtered.json.every((x: { platforms: string }) => x.platforms.includes('youtube'))).toBe(true);
  });

  test('POST /api/campaigns: brands only, brandId must be the brand, form rules', async () => {
    let res = await brand.post('/api/campaigns', { ...form, brandId: ids.brand });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ title: 'API launch', brandId: ids.brand, compensation: 125.5, compensationCents: 12550, platforms: 'instagram,tiktok', isOwner: true });
    created = res.json.id;
    res = await creator.post('/api/campaigns', form);
    expect([res.status, res.text]).toEqual([403, 'Only brands can create campaigns']);
    res = await admin.post('/api/campaigns', form);
    expect(res.status).toBe(403);
    res = await brand.post('/api/campaigns', { ...form, brandId: ids.otherBrand });
    expect([res.status, res.text]).toEqual([403, 'You can only create campaigns for your own brand']);
    res = await brand.post('/api/campaigns', { ...form, platforms: '' });
    expect([res.status, res.text]).toEqual([400, 'platforms: Please select at least one platform']);
    res = await brand.post('/api/campaigns', { ...form, deadline: undefined });
    expect([res.status, res.text]).toEqual([400, 'deadline: Deadline is required']);
    res = await brand.post('/api/campaigns', { ...form, compensation: 'lots' });
    expect([res.status, res.text]).toEqual([400, 'compensation: Compensation must be a number']);
    res = await brand.post('/api/campaigns', { ...form, title: ' ' });
    expect([res.status, res.text]).toEqual([400, 'Title is required']);
  });

  test('GET /api/campaigns/{id} and /api/campaigns/brand', async () => {
    expect((await creator.get(`/api/campaigns/${created}`)).json).toMatchObject({ id: created, isOwner: false });
    expect((await creator.get(`/api/campaigns/${DEAD}`)).status).toBe(404);
    const mine = await brand.get('/api/campaigns/brand');
    expect(mine.status).toBe(200);
    expect(mine.json.map((c: { id: string }) => c.id)).toContain(created);
    expect(mine.json.map((c: { id: string }) => c.id)).not.toContain(ids.campaign(6));
    expect((await creator.get('/api/campaigns/brand')).status).toBe(403);
  });

  test('PATCH /api/campaigns/{id}: the owner only; other fields keep their values', async () => {
    // While active, others can see it but not edit it.
    let res = await otherBrand.patch(`/api/campaigns/${created}`, { title: 'Mine now' });
    expect([res.status, res.text]).toEqual([403, 'You do not have permission to edit this campaign.']);
    res = await creator.patch(`/api/campaigns/${created}`, { title: 'Mine now' });
    expect(res.status).toBe(403);
    res = await brand.patch(`/api/campaigns/${created}`, { title: 'API launch v2', compensation: '99.99', status: 'paused' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ title: 'API launch v2', compensationCents: 9999, status: 'paused', description: form.description, platforms: 'instagram,tiktok' });
    // Paused: no longer visible to other brands at all.
    expect((await otherBrand.patch(`/api/campaigns/${created}`, { title: 'Mine now' })).status).toBe(404);
    res = await brand.patch(`/api/campaigns/${DEAD}`, { title: 'x' });
    expect(res.status).toBe(404);
    res = await brand.patch(`/api/campaigns/${created}`, { status: 'completed' });
    expect(res.status).toBe(200);
    res = await brand.patch(`/api/campaigns/${created}`, { status: 'active' });
    expect(res.status).toBe(409);
  });
});

describe('profiles and creators', () => {
  test('GET /api/profile/brand/{id} and /api/profile/creator/{id}', async () => {
    const b = await creator.get(`/api/profile/brand/${ids.brand}`);
    expect(b.json).toMatchObject({ id: ids.brand, companyName: 'GlowLab Skincare' });
    const c = await brand.get(`/api/profile/creator/${ids.creator}`);
    expect(c.json).toMatchObject({ id: ids.creator });
    expect(c.json).toHaveProperty('ratePerPost');
    expect((await brand.get(`/api/profile/brand/${ids.creator}`)).status).toBe(404);
    expect((await brand.get(`/api/profile/creator/${ids.brand}`)).status).toBe(404);
  });

  test('POST /api/profile/brand: brands only', async () => {
    const body = { companyName: 'TrailPeak Outdoors', website: 'trailpeak.example', industry: 'Outdoor', contactEmail: 'hi@trailpeak.example', contactPhone: '555' };
    const res = await otherBrand.post('/api/profile/brand', body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ companyName: 'TrailPeak Outdoors', industry: 'Outdoor' });
    expect((await creator.post('/api/profile/brand', body)).status).toBe(403);
    expect((await otherBrand.post('/api/profile/brand', { ...body, companyName: '' })).text).toBe('companyName: Company name is required');
    expect((await otherBrand.post('/api/profile/brand', { ...body, contactEmail: 'nope' })).status).toBe(400);
  });

  test('POST /api/profile/creator: creators only, ratePerPost in dollars', async () => {
    const body = { niche: 'Travel', instagramHandle: 'mateo.ig', tiktokHandle: null, youtubeHandle: null, location: 'Cusco', ratePerPost: 150 };
    const res = await otherCreator.post('/api/profile/creator', body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ niche: 'Travel', location: 'Cusco', ratePerPost: 150, ratePerPostCents: 15000 });
    expect((await brand.post('/api/profile/creator', body)).status).toBe(403);
    expect((await otherCreator.post('/api/profile/creator', { ...body, niche: 'Cooking' })).text).toBe('Please select a valid niche');
    expect((await otherCreator.post('/api/profile/creator', { ...body, ratePerPost: 'x' })).text).toBe('ratePerPost: Rate per post must be a number');
    expect((await otherCreator.post('/api/profile/creator', { ...body, ratePerPost: -10 })).status).toBe(400);
  });

  test('GET /api/creators: brands only, optional niche', async () => {
    const all = await brand.get('/api/creators');
    expect(all.status).toBe(200);
    expect(all.json.length).toBeGreaterThan(3);
    const travel = await brand.get('/api/creators?niche=Travel');
    expect(travel.json.length).toBeGreaterThan(0);
    expect(travel.json.every((c: { niche: string }) => c.niche === 'Travel')).toBe(true);
    for (const s of [creator, admin]) expect((await s.get('/api/creators')).status).toBe(403);
    expect((await brand.get('/api/creators?minFollowers=lots')).status).toBe(400);
  });
});

describe('payments', () => {
  test('GET /api/creators/payments: creators see what they received', async () => {
    const res = await creator.get('/api/creators/payments');
    expect(res.status).toBe(200);
    expect(res.json.map((p: { id: string }) => p.id)).toContain(ids.payment(1));
    expect(res.json.find((p: { id: string }) => p.id === ids.payment(1))).toMatchObject({ amount: 500, amountCents: 50000, status: 'completed' });
    for (const s of [brand, admin]) expect((await s.get('/api/creators/payments')).status).toBe(403);
  });

  test('GET /api/brands/payments: brands see what they paid', async () => {
    const res = await brand.get('/api/brands/payments');
    expect(res.status).toBe(200);
    expect(res.json.every((p: { brandId: string }) => p.brandId === ids.brand)).toBe(true);
    expect(res.json.length).toBeGreaterThan(0);
    for (const s of [creator, admin]) expect((await s.get('/api/brands/payments')).status).toBe(403);
  });

  describe('GET /api/check-payment-status', () => {
    let deliverableId: string;
    let intentId: string;
    const check = (s: ApiSession, pi: string) => s.get(`/api/check-payment-status?payment_intent=${encodeURIComponent(pi)}`);

    beforeAll(async () => {
      // A fresh approved deliverable of seed application 1 (GlowLab pays Lucía a flat $500), and its
      // PaymentIntent, opened by the brand through the payments function as the web app does.
      const { rows } = await stack.database.db.query<{ id: string }>(
        `insert into app.deliverables (application_id, content_url, status) values ($1, 'https://instagram.com/reel/api-status-check', 'approved') returning id`,
        [ids.application(1)],
      );
      deliverableId = rows[0]!.id;
      const res = await fetch(`${stack.url}/functions/v1/payments/create`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken(brand)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deliverableId }),
      });
      const body = (await res.json()) as { paymentIntentId: string };
      if (res.status !== 200) throw new Error(`payments/create: ${res.status} ${JSON.stringify(body)}`);
      intentId = body.paymentIntentId;
    });

    test('the paying brand gets the status check response; it reconciles without the webhook', async () => {
      let res = await check(brand, intentId);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({
        status: 'requires_payment_method', amount: 50000, deliverableId, campaignTitle: 'Morning Glow Serum Launch', message: 'The payment was not completed.',
        applicationId: ids.application(1), campaignId: ids.campaign(1),
      });
      // The shape is the documented one.
      const doc = (await anon.get('/api/openapi.json')).json;
      expect(Object.keys(res.json).sort()).toEqual([...doc.components.schemas.PaymentStatus.required].sort());

      // Paid while Stripe's webhook cannot get through: the check alone completes the payment record.
      process.env.STRIPE_WEBHOOK_URL = 'http://127.0.0.1:9/unreachable';
      try {
        await stripeSdk().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: `${stack.url}/payments/result` });
        expect(await paymentStatusOf(intentId)).toBe('pending');
        res = await check(brand, intentId);
        expect([res.status, res.json]).toEqual([200, { status: 'succeeded', amount: 50000, deliverableId, campaignTitle: 'Morning Glow Serum Launch', message: 'Payment successful', applicationId: ids.application(1), campaignId: ids.campaign(1) }]);
        expect(await paymentStatusOf(intentId)).toBe('completed');
      } finally {
        delete process.env.STRIPE_WEBHOOK_URL;
      }
      // The same answer as the payments function gives for the same PaymentIntent.
      const direct = await fetch(`${stack.url}/functions/v1/payments/status?payment_intent=${intentId}`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken(brand)}` },
      });
      expect(await direct.json()).toEqual(res.json);
    });

    test('the paid creator and admins are refused (403); another brand, another creator and unknown intents get 404', async () => {
      expect(await check(creator, intentId)).toMatchObject({ status: 403, text: 'Only the paying brand can check this payment' });
      expect(await check(otherBrand, intentId)).toMatchObject({ status: 404, text: 'Payment not found' });
      expect(await check(otherCreator, intentId)).toMatchObject({ status: 404, text: 'Payment not found' });
      // Admins can read every payment record, but only the payer checks (and so reconciles) a payment.
      expect(await check(admin, intentId)).toMatchObject({ status: 403, text: 'Only the paying brand can check this payment' });
      expect(await check(brand, 'pi_unknown123')).toMatchObject({ status: 404, text: 'Payment not found' });
      for (const r of [await check(creator, intentId), await check(brand, 'pi_unknown123')]) {
        expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      }
    });

    test('a missing or malformed payment_intent is a 400 on that field; no session is a 401', async () => {
      let res = await brand.get('/api/check-payment-status');
      expect([res.status, res.text]).toEqual([400, 'payment_intent: No payment information found']);
      res = await brand.get('/api/check-payment-status?payment_intent=');
      expect([res.status, res.text]).toEqual([400, 'payment_intent: No payment information found']);
      res = await check(brand, 'ch_1; drop');
      expect([res.status, res.text]).toEqual([400, 'payment_intent: Not a valid payment reference']);
      res = await check(anon, intentId);
      expect([res.status, res.text]).toEqual([401, 'Not signed in']);
    });

    test('Stripe refusing the request is a 502 with a text reason, not a 500', async () => {
      // A payment whose PaymentIntent the Stripe double has never seen (the seed's are there: issue 30).
      const { rows } = await stack.database.db.query<{ id: string }>(
        `insert into app.deliverables (application_id, content_url, status) values ($1, 'https://instagram.com/reel/api-status-unknown', 'approved') returning id`,
        [ids.application(1)],
      );
      await stack.database.db.query(
        `insert into app.payments (deliverable_id, amount_cents, status, stripe_payment_id, payment_method) values ($1, 50000, 'pending', 'pi_neverAtStripe0001', 'card')`,
        [rows[0]!.id],
      );
      const res = await check(brand, 'pi_neverAtStripe0001');
      expect([res.status, res.text]).toEqual([502, 'The payment provider refused the request. Please try again later.']);
    });
  });
});

describe('applications and deliverables', () => {
  let applicationId: string;
  let deliverableId: string;

  test('POST /api/applications: creators apply with a pitch', async () => {
    let res = await otherCreator.post('/api/applications', { campaignId: ids.campaign(1), pitch: 'Hago videos de skincare en Cusco.', status: 'pending' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending', campaign: { id: ids.campaign(1) } });
    applicationId = res.json.id;
    res = await otherCreator.post('/api/applications', { campaignId: ids.campaign(1), pitch: 'Otra vez' });
    expect([res.status, res.text]).toEqual([409, 'You have already applied to this campaign']);
    res = await brand.post('/api/applications', { campaignId: ids.campaign(1), pitch: 'Brand' });
    expect([res.status, res.text]).toEqual([403, 'Only creators can apply to campaigns']);
    res = await otherCreator.post('/api/applications', { campaignId: ids.campaign(2), pitch: '  ' });
    expect([res.status, res.text]).toEqual([400, "pitch: Please enter a pitch describing why you're a good fit for this campaign."]);
    res = await otherCreator.post('/api/applications', { campaignId: 'x', pitch: 'hola' });
    expect([res.status, res.text]).toEqual([400, 'campaignId: must be an id']);
    res = await otherCreator.post('/api/applications', { campaignId: DEAD, pitch: 'hola' });
    expect(res.status).toBe(404);
  });

  test('GET /api/applications/creator and /api/applications/campaign/{id}', async () => {
    const mine = await otherCreator.get('/api/applications/creator');
    expect(mine.json.map((a: { id: string }) => a.id)).toContain(applicationId);
    expect((await brand.get('/api/applications/creator')).status).toBe(403);
    const forCampaign = await brand.get(`/api/applications/campaign/${ids.campaign(1)}`);
    expect(forCampaign.status).toBe(200);
    expect(forCampaign.json.find((a: { id: string }) => a.id === applicationId).creator).toMatchObject({ id: ids.otherCreator });
    expect((await otherBrand.get(`/api/applications/campaign/${ids.campaign(1)}`)).status).toBe(403);
    expect((await creator.get(`/api/applications/campaign/${ids.campaign(1)}`)).status).toBe(403);
  });

  test('PATCH /api/applications/{id}: the campaign owner accepts or rejects', async () => {
    // Another brand cannot even see the application; its own creator cannot decide on it.
    expect((await otherBrand.patch(`/api/applications/${applicationId}`, { status: 'accepted' })).status).toBe(404);
    expect((await otherCreator.patch(`/api/applications/${applicationId}`, { status: 'accepted' })).status).toBe(403);
    expect((await brand.patch(`/api/applications/${applicationId}`, { status: 'maybe' })).text).toBe('status: Status must be accepted or rejected');
    const res = await brand.patch(`/api/applications/${applicationId}`, { status: 'accepted' });
    expect([res.status, res.json]).toEqual([200, { id: applicationId, status: 'accepted' }]);
    expect((await brand.patch(`/api/applications/${applicationId}`, { status: 'rejected' })).status).toBe(409);
    expect((await brand.patch(`/api/applications/${DEAD}`, { status: 'rejected' })).status).toBe(404);
  });

  test('POST /api/deliverables: the accepted creator submits a link once the hire is funded', async () => {
    // Campaign 1 is a flat fee: accepting opened a hire, and work starts when the brand has funded it.
    let res = await otherCreator.post('/api/deliverables', { applicationId, contentUrl: 'https://tiktok.com/@mateo/video/1' });
    expect([res.status, res.text]).toEqual([409, 'The brand has not funded this hire yet. You can submit content once it is funded.']);
    await stack.database.db.query(
      `insert into app.payments (escrow_id, amount_cents, status, stripe_payment_id, stripe_status, payment_method)
       select e.id, e.amount_cents, 'completed', 'pi_api_contract_funding', 'succeeded', 'card' from app.escrows e where e.application_id = $1`,
      [applicationId],
    );
    res = await otherCreator.post('/api/deliverables', { applicationId, contentUrl: 'https://tiktok.com/@mateo/video/1', status: 'pending' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ applicationId, contentUrl: 'https://tiktok.com/@mateo/video/1', status: 'pending' });
    deliverableId = res.json.id;
    res = await otherCreator.post('/api/deliverables', { applicationId, contentUrl: ' ' });
    expect([res.status, res.text]).toEqual([400, 'contentUrl: Please enter a URL to your content.']);
    res = await creator.post('/api/deliverables', { applicationId, contentUrl: 'https://x.com/1' });
    expect([res.status, res.text]).toEqual([404, 'Could not find your application for this campaign.']);
    res = await brand.post('/api/deliverables', { applicationId, contentUrl: 'https://x.com/1' });
    expect(res.status).toBe(403);
    // A pending application cannot deliver yet.
    res = await creator.post('/api/deliverables', { applicationId: ids.application(2), contentUrl: 'https://x.com/2' });
    expect(res.status).toBe(409);
  });

  test('GET /api/deliverables/{applicationId}: its creator and brand', async () => {
    for (const s of [otherCreator, brand]) {
      const res = await s.get(`/api/deliverables/${applicationId}`);
      expect(res.json.map((d: { id: string }) => d.id)).toContain(deliverableId);
    }
    const stranger = await otherBrand.get(`/api/deliverables/${applicationId}`);
    expect(stranger.status).toBe(404);
  });

  test('PATCH /api/deliverables/{id}: the creator edits the link, the brand reviews', async () => {
    let res = await otherCreator.patch(`/api/deliverables/${deliverableId}`, { contentUrl: 'https://tiktok.com/@mateo/video/2' });
    expect([res.status, res.json?.contentUrl]).toEqual([200, 'https://tiktok.com/@mateo/video/2']);
    expect((await otherCreator.patch(`/api/deliverables/${deliverableId}`, { status: 'approved' })).status).toBe(403);
    expect((await otherBrand.patch(`/api/deliverables/${deliverableId}`, { status: 'approved' })).status).toBe(404);
    expect((await brand.patch(`/api/deliverables/${deliverableId}`, { contentUrl: 'https://evil.example' })).status).toBe(403);
    expect((await brand.patch(`/api/deliverables/${deliverableId}`, {})).status).toBe(400);
    expect((await brand.patch(`/api/deliverables/${deliverableId}`, { status: 'great' })).text).toBe('status: Status must be approved or rejected');
    res = await brand.patch(`/api/deliverables/${deliverableId}`, { status: 'approved', feedback: 'Nice' });
    expect([res.status, res.json]).toEqual([200, { id: deliverableId, status: 'approved' }]);
    // Approved content is final.
    expect((await otherCreator.delete(`/api/deliverables/${deliverableId}`)).status).toBe(409);
  });

  test('DELETE /api/deliverables/{id}: its creator only', async () => {
    const res = await creator.post('/api/deliverables', { applicationId: ids.application(1), contentUrl: 'https://instagram.com/reel/zz' });
    expect(res.status, res.text).toBe(201);
    expect((await brand.delete(`/api/deliverables/${res.json.id}`)).status).toBe(403);
    // Another creator cannot see it (404); the brand can see it but not delete it (403).
    expect((await otherCreator.delete(`/api/deliverables/${res.json.id}`)).status).toBe(404);
    expect((await creator.delete(`/api/deliverables/${res.json.id}`)).status).toBe(204);
    expect((await creator.delete(`/api/deliverables/${res.json.id}`)).status).toBe(404);
  });
});

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
