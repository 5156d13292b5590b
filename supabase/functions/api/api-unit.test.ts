import { assert, assertEquals, assertMatch, assertNotMatch, assertThrows } from '../../../testkit/deno/assert.ts';
import { openApiDocument } from './openapi.ts';
import { parseRegister } from './register-input.ts';
import { matchRoute, routes } from './routes.ts';
import { clearedSessionCookies, readSessionCookie, sessionCookies } from './session-cookie.ts';
import { toApi } from './serialize.ts';
import { HttpError } from '../_shared/http-error.ts';
import { refuseCrossSiteWrite } from './cross-site.ts';

Deno.test('the OpenAPI document lists exactly the routes the function serves', () => {
  const served = routes.map((r) => `${r.method} ${r.path}`).sort();
  const documented = Object.entries(openApiDocument.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
  assertEquals(documented, served);
});

Deno.test('every documented path parameter is a parameter of its operation', () => {
  for (const [path, ops] of Object.entries(openApiDocument.paths)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(ops as Record<string, { parameters?: Array<{ name: string; in: string }> }>)) {
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      assertEquals(inPath, names, `${method} ${path}`);
    }
  }
});

Deno.test('literal paths win over templates; other methods are reported', () => {
  assertEquals(matchRoute('GET', '/api/campaigns/brand').route?.path, '/api/campaigns/brand');
  assertEquals(matchRoute('PATCH', '/api/campaigns/brand').allowed, ['GET']);
  const m = matchRoute('GET', '/api/campaigns/abc/');
  assertEquals(m.route?.path, '/api/campaigns/{id}');
  assertEquals(m.params, { id: 'abc' });
  assertEquals(matchRoute('GET', '/api/messages/unread').route?.path, '/api/messages/unread');
  assertEquals(matchRoute('GET', '/api/nothing').route, undefined);
  assertEquals(matchRoute('GET', '/api/nothing').allowed, []);
});

Deno.test('database rows become the spec fields: camelCase, dollars, platforms text', () => {
  assertEquals(
    toApi([{ brand_id: 'b', compensation_cents: 12550, platforms: ['instagram', 'tiktok'], avatar_url: null, total_count: 3, brand: { logo_url: 'x', company_name: 'C' } }]),
    [{ brandId: 'b', compensation: 125.5, compensationCents: 12550, platforms: 'instagram,tiktok', avatar: null, brand: { logo: 'x', companyName: 'C' } }],
  );
  assertEquals(toApi({ rate_per_post_cents: null }), { ratePerPost: null, ratePerPostCents: null });
});

Deno.test('the session cookie round-trips, is httpOnly and Lax, and Secure off localhost', () => {
  const session = { accessToken: 'a'.repeat(900), refreshToken: 'r'.repeat(12), expiresAt: 1_900_000_000 };
  const local = new Request('http://localhost:54321/api/login', { headers: { host: 'localhost:54321' } });
  const [cookie, ...rest] = sessionCookies(session, local);
  assertEquals(rest, []);
  assertMatch(cookie!, /; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  assertNotMatch(cookie!, /Secure/);
  const back = readSessionCookie(new Request('http://localhost/api/user', { headers: { cookie: `other=1; ${cookie!.split(';')[0]}` } }));
  assertEquals(back, session);
  const remote = new Request('http://127.0.0.1:9/api/login', { headers: { host: 'shop.example.com', 'x-forwarded-proto': 'https' } });
  assertMatch(sessionCookies(session, remote)[0]!, /; Secure/);
  assertEquals(readSessionCookie(new Request('http://x/', { headers: { cookie: 'sb-api-session=%%%' } })), null);
});

Deno.test('a session too big for one cookie is split into parts under 4 KB each and read back whole', () => {
  const big = { accessToken: 'a'.repeat(9000), refreshToken: 'r'.repeat(12), expiresAt: 1_900_000_000 };
  const local = new Request('http://localhost:54321/api/login', { headers: { host: 'localhost:54321', cookie: 'sb-api-session=old' } });
  const lines = sessionCookies(big, local);
  const parts = lines.filter((l) => !/Max-Age=0/.test(l));
  assert(parts.length >= 4, `expected parts, got ${parts.length}`);
  for (const [i, line] of parts.entries()) {
    assertMatch(line, new RegExp(`^sb-api-session\\.${i}=`));
    assert(new TextEncoder().encode(line).length < 4000);
  }
  // The single cookie the browser held before is removed.
  assert(lines.some((l) => /^sb-api-session=; .*Max-Age=0/.test(l)));
  const jar = parts.map((l) => l.split(';')[0]).join('; ');
  assertEquals(readSessionCookie(new Request('http://localhost/api/user', { headers: { cookie: jar } })), big);
  // Signing out removes every part the browser sent.
  const cleared = clearedSessionCookies(new Request('http://localhost/api/logout', { headers: { cookie: jar } }));
  assertEquals(cleared.map((l) => l.split('=')[0]).sort(), ['sb-api-session', ...parts.map((_, i) => `sb-api-session.${i}`)].sort());
  // Back to a small session: the parts are cleared.
  const small = sessionCookies({ ...big, accessToken: 'a' }, new Request('http://localhost/api/user', { headers: { cookie: jar } }));
  assertEquals(small.filter((l) => /Max-Age=0/.test(l)).length, parts.length);
});

Deno.test('register: username is the first filled social username; handles from additionalData', () => {
  const input = parseRegister({
    email: 'a@b.co', password: 'secret1', fullName: 'Ana', role: 'creator', terms: true,
    tiktokUsername: '', instagramUsername: 'ana.ig', youtubeUsername: 'ana_yt',
    additionalData: { tiktokHandle: null, instagramHandle: 'ana.ig', youtubeHandle: 'ana_yt' },
  });
  assertEquals(input.username, 'ana.ig');
  assertEquals([input.tiktokHandle, input.instagramHandle, input.youtubeHandle], [null, 'ana.ig', 'ana_yt']);
  assertEquals(input.country, null);
  // Issue 37: an optional country, two letters, for the account's starting language; anything else is dropped.
  const base = { email: 'a@b.co', password: 'secret1', fullName: 'Ana', role: 'creator', terms: true, tiktokUsername: 'ana' };
  assertEquals(parseRegister({ ...base, country: ' br ' }).country, 'BR');
  assertEquals([parseRegister({ ...base, country: 'Brasil' }).country, parseRegister({ ...base, country: 76 }).country], [null, null]);
  const e = assertThrows(() => parseRegister({ email: 'a@b.co', password: 'secret1', fullName: 'Ana', role: 'creator', terms: true }));
  assert(e instanceof HttpError && e.field === 'tiktokUsername' && e.message === 'Se requiere al menos un usuario de redes sociales');
});

Deno.test('writes must be JSON and must not come from pages of other origins', () => {
  const refused = (init: RequestInit & { headers?: Record<string, string> }) => {
    try {
      refuseCrossSiteWrite(new Request('http://localhost:54321/api/messages', { method: 'POST', ...init, headers: { host: 'localhost:54321', ...init.headers } }), ['https://app.example.com']);
      return null;
    } catch (e) {
      return (e as HttpError).status;
    }
  };
  // An HTML form can send text/plain, never application/json.
  assertEquals(refused({ body: '{"a":1}', headers: { 'content-type': 'text/plain' } }), 415);
  assertEquals(refused({ body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
  // A page on another port of the same host is same-site, not same-origin.
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', origin: 'http://localhost:5999' } }), 403);
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json', origin: 'http://localhost:5999' } }), 403);
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } }), 403);
  // The site itself, an allowed origin, and clients that are not browsers pass.
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json; charset=utf-8', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:54321' } }), null);
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json', origin: 'http://localhost:54321' } }), null);
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://app.example.com' } }), null);
  assertEquals(refused({ body: '{}', headers: { 'content-type': 'application/json' } }), null);
  assertEquals(refused({}), null);
});
