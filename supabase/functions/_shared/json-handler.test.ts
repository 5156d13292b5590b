// Deno tests: the one handler wrapper of the edge functions (CORS, Bearer, body limit, error bodies).
import { assertEquals } from '../../../testkit/deno/assert.ts';
import { plainTextErrors } from './error-format.ts';
import { HttpError, invalidFields } from './http-error.ts';
import { jsonHandler, type JsonHandler } from './json-handler.ts';
import { MAX_BODY_BYTES } from './request-body.ts';

function wrap(handle: JsonHandler, options: Partial<Parameters<typeof jsonHandler>[1]> = {}) {
  const logged: string[] = [];
  const handler = jsonHandler(handle, { name: 'test', log: (line) => logged.push(line), ...options });
  return { handler, logged };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request('http://x/f', { method: 'POST', body, headers });

Deno.test('a reply is JSON with the CORS headers; 204 has no body', async () => {
  const { handler } = wrap(async (_req, ctx) => (ctx.path === '/f/none' ? { status: 204 } : { status: 201, body: { ok: true } }));
  let res = await handler(new Request('http://x/f/'));
  assertEquals([res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin'), await res.json()], [201, 'application/json', '*', { ok: true }]);
  res = await handler(new Request('http://x/f/none'));
  assertEquals([res.status, await res.text()], [204, '']);
});

Deno.test('OPTIONS is the preflight, unless CORS is off', async () => {
  let called = 0;
  const on = wrap(async () => ({ status: 200, body: ++called }));
  const res = await on.handler(new Request('http://x/f', { method: 'OPTIONS' }));
  assertEquals([res.status, res.headers.get('access-control-allow-methods')?.includes('POST'), await res.text(), called], [200, true, 'ok', 0]);
  const off = wrap(async () => ({ status: 200, body: ++called }), { cors: false });
  const plain = await off.handler(new Request('http://x/f', { method: 'OPTIONS' }));
  assertEquals([plain.headers.get('access-control-allow-origin'), await plain.json()], [null, 1]);
});

Deno.test('a thrown HttpError answers its status and {code, message, field}', async () => {
  const { handler } = wrap(async () => {
    throw new HttpError(409, 'Email already in use', 'email_taken', 'email');
  });
  const res = await handler(new Request('http://x/f'));
  assertEquals([res.status, res.headers.get('access-control-allow-origin'), await res.json()], [409, '*', { code: 'email_taken', message: 'Email already in use', field: 'email' }]);
  // Without a code one is derived from the status; without a field there is none in the body.
  const bare = await wrap(async () => {
    throw new HttpError(404, 'User not found');
  }).handler(new Request('http://x/f'));
  assertEquals(await bare.json(), { code: 'not_found', message: 'User not found' });
});

Deno.test('anything else is logged and answers 500 internal without its details', async () => {
  const { handler, logged } = wrap(async () => {
    throw new Error('secret connection string');
  });
  const res = await handler(new Request('http://x/f/p', { method: 'DELETE' }));
  assertEquals([res.status, await res.json()], [500, { code: 'internal', message: 'Unexpected error' }]);
  assertEquals(logged.length, 1);
  assertEquals(logged[0]!.startsWith('test: DELETE /f/p: Error: secret connection string'), true);
});

Deno.test('a missing Bearer token is 401 where one is required', async () => {
  const { handler } = wrap(async (_req, ctx) => ({ status: 200, body: { token: ctx.requireBearer() } }));
  let res = await handler(new Request('http://x/f'));
  assertEquals([res.status, await res.json()], [401, { code: 'not_signed_in', message: 'Not signed in' }]);
  res = await handler(new Request('http://x/f', { headers: { authorization: 'Basic abc' } }));
  assertEquals(res.status, 401);
  await res.body?.cancel();
  res = await handler(new Request('http://x/f', { headers: { authorization: 'bearer t0ken' } }));
  assertEquals(await res.json(), { token: 't0ken' });
});

Deno.test('bodies: over the size limit 413, bad JSON 400, raw text as sent', async () => {
  const { handler } = wrap(async (req, ctx) => ({ status: 200, body: req.headers.has('x-raw') ? await ctx.text() : await ctx.json() }));
  let res = await handler(post('x'.repeat(MAX_BODY_BYTES + 1)));
  assertEquals([res.status, (await res.json()).code], [413, 'body_too_large']);
  res = await handler(post('{'));
  assertEquals([res.status, await res.json()], [400, { code: 'bad_json', message: 'Expected a JSON object' }]);
  res = await handler(post('{"a": 1}', { 'x-raw': '1' }));
  assertEquals(await res.json(), '{"a": 1}');
});

Deno.test('headers the handler sets reach the answer, success or failure; Set-Cookie stays separate', async () => {
  const { handler } = wrap(async (req, ctx) => {
    ctx.headers.append('Set-Cookie', 'a=1; Path=/');
    ctx.headers.append('Set-Cookie', 'b=2; Path=/');
    ctx.headers.set('Allow', 'GET');
    if (req.method === 'POST') throw new HttpError(405, 'Method not allowed');
    return { status: 200, body: {} };
  }, { headers: { 'Cache-Control': 'no-store' } });
  for (const method of ['GET', 'POST']) {
    const res = await handler(new Request('http://x/f', { method }));
    assertEquals([res.headers.getSetCookie(), res.headers.get('allow'), res.headers.get('cache-control')], [['a=1; Path=/', 'b=2; Path=/'], 'GET', 'no-store']);
    await res.body?.cancel();
  }
});

Deno.test('plain-text errors: the reason, "field: message" per problem, 500 Internal error', async () => {
  const text = (thrown: unknown) => wrap(async () => {
    throw thrown;
  }, { errors: plainTextErrors }).handler(new Request('http://x/f'));
  let res = await text(new HttpError(403, 'Only brands can create campaigns', 'forbidden_role'));
  assertEquals([res.status, res.headers.get('content-type'), await res.text()], [403, 'text/plain; charset=utf-8', 'Only brands can create campaigns']);
  res = await text(new HttpError(400, 'must be text', 'validation_failed', 'title'));
  assertEquals(await res.text(), 'title: must be text');
  res = await text(invalidFields([['email', 'Please enter a valid email'], ['role', 'Role must be brand, creator or admin']]));
  assertEquals([res.status, await res.text()], [400, 'email: Please enter a valid email\nrole: Role must be brand, creator or admin']);
  res = await text(new TypeError('boom'));
  assertEquals([res.status, await res.text()], [500, 'Internal error']);
});
