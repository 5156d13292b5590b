import { assert, assertEquals, assertMatch, assertNotMatch, assertThrows } from '../_shared/testing/assert.ts';
import { openApiDocument } from './openapi.ts';
import { parseRegister } from './register-input.ts';
import { metaRoutes, matchRoute, routes } from './routes.ts';
import { readSessionCookie, sessionCookie } from './session-cookie.ts';
import { toApi } from './serialize.ts';
import { HttpError } from '../_shared/http-error.ts';

Deno.test('the OpenAPI document lists exactly the routes the function serves', () => {
  const served = [...routes, ...metaRoutes].map((r) => `${r.method} ${r.path}`).sort();
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
  const cookie = sessionCookie(session, local);
  assertMatch(cookie, /; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  assertNotMatch(cookie, /Secure/);
  const back = readSessionCookie(new Request('http://localhost/api/user', { headers: { cookie: `other=1; ${cookie.split(';')[0]}` } }));
  assertEquals(back, session);
  const remote = new Request('http://127.0.0.1:9/api/login', { headers: { host: 'shop.example.com', 'x-forwarded-proto': 'https' } });
  assertMatch(sessionCookie(session, remote), /; Secure/);
  assertEquals(readSessionCookie(new Request('http://x/', { headers: { cookie: 'sb-api-session=%%%' } })), null);
  assertMatch(String(assertThrows(() => sessionCookie({ ...session, accessToken: 'a'.repeat(4000) }, local))), /4 KB/);
});

Deno.test('register: username is the first filled social username; handles from additionalData', () => {
  const input = parseRegister({
    email: 'a@b.co', password: 'secret1', fullName: 'Ana', role: 'creator', terms: true,
    tiktokUsername: '', instagramUsername: 'ana.ig', youtubeUsername: 'ana_yt',
    additionalData: { tiktokHandle: null, instagramHandle: 'ana.ig', youtubeHandle: 'ana_yt' },
  });
  assertEquals(input.username, 'ana.ig');
  assertEquals([input.tiktokHandle, input.instagramHandle, input.youtubeHandle], [null, 'ana.ig', 'ana_yt']);
  const e = assertThrows(() => parseRegister({ email: 'a@b.co', password: 'secret1', fullName: 'Ana', role: 'creator', terms: true }));
  assert(e instanceof HttpError && e.field === 'tiktokUsername' && e.message === 'Se requiere al menos un usuario de redes sociales');
});
