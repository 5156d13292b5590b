import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

/** What the echo fixture answers. */
interface Echo {
  pid: number;
  method: string;
  url: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
  env: Record<string, string | null>;
}

let stack: TestStack;
const logs: string[] = [];

beforeAll(async () => {
  // STRIPE_* reaches functions from the stack's env; anything else of the Node process does not.
  process.env.STRIPE_FIXTURE_KEY = 'sk_test_fixture';
  process.env.NOT_PASSED_FIXTURE = 'node-only';
  stack = await startTestStack({
    env: { SUPABASE_DIR: 'local/functions/fixtures/supabase' },
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await stack?.close();
  delete process.env.STRIPE_FIXTURE_KEY;
  delete process.env.NOT_PASSED_FIXTURE;
});

const fn = (path: string) => `${stack.url}/functions/v1/${path}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('invoking with supabase-js', () => {
  it('passes method, path, query, headers and a JSON body through, and returns the JSON answer', async () => {
    const { data, error } = await stack.client().functions.invoke<Echo>('echo/sub/path?x=1&y=two', {
      body: { hello: 'world', n: 1 },
      headers: { 'x-custom': 'custom value' },
    });
    expect(error).toBeNull();
    expect(data!.method).toBe('POST');
    expect(data!.path).toBe('/echo/sub/path');
    expect(data!.search).toBe('?x=1&y=two');
    expect(JSON.parse(data!.body)).toEqual({ hello: 'world', n: 1 });
    expect(data!.headers['content-type']).toBe('application/json');
    expect(data!.headers['x-custom']).toBe('custom value');
    expect(data!.headers.authorization).toBe(`Bearer ${stack.anonKey}`);
    expect(data!.headers.apikey).toBe(stack.anonKey);
    expect(data!.headers['x-client-info']).toMatch(/^supabase-js/);
    // The function sees the public host, as on Supabase.
    expect(new URL(data!.url).host).toBe(new URL(stack.url).host);
  });

  it('sends a string body as text and honours the method', async () => {
    const { data, error } = await stack.client().functions.invoke<Echo>('echo', { body: 'plain text', method: 'PUT' });
    expect(error).toBeNull();
    expect(data!.method).toBe('PUT');
    expect(data!.body).toBe('plain text');
    expect(data!.headers['content-type']).toBe('text/plain');
  });

  it('turns a non-2xx answer into FunctionsHttpError carrying the response', async () => {
    const { data, error } = await stack.client().functions.invoke('echo/status?code=418');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(418);
    expect(response.headers.get('x-echo')).toBe('status');
    expect(await response.json()).toEqual({ status: 418 });
  });

  it('reports a refused JWT as FunctionsHttpError with status 401 and the gateway code, as hosted does', async () => {
    const forged = signJwt({ role: 'anon', iss: 'supabase-demo' }, 'not-the-project-secret-but-just-as-long!!');
    const { error } = await stack.client({ key: forged }).functions.invoke('echo', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_LEGACY_JWT');
    expect(await response.json()).toEqual({ code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' });
  });

  it('reaches the stack back from inside a function with SUPABASE_URL, the keys and an npm import', async () => {
    const { data, error } = await stack.client().functions.invoke<{ relayed: Echo }>('relay');
    expect(error).toBeNull();
    expect(data!.relayed.path).toBe('/echo');
    expect(JSON.parse(data!.relayed.body)).toEqual({ relayed: true });
    expect(data!.relayed.headers.authorization).toBe(`Bearer ${stack.anonKey}`);
  });
});

describe('proxying', () => {
  it('returns status, headers and cookies as the function set them', async () => {
    const res = await fetch(fn('public-echo'), { method: 'POST', body: 'x' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/']);
  });

  it('streams a large request body through unchanged, up to MAX_BODY_BYTES', async () => {
    const body = 'abcdefghij'.repeat(100_000);
    const res = await fetch(fn('public-echo'), { method: 'POST', body });
    const echo = (await res.json()) as Echo;
    expect(echo.body.length).toBe(body.length);
    expect(echo.body === body).toBe(true);
  });

  it('refuses a body over MAX_BODY_BYTES with 413, declared or chunked, without a worker reading it', async () => {
    const body = 'abcdefghij'.repeat(300_000);
    const declared = await fetch(fn('public-echo'), { method: 'POST', body });
    expect([declared.status, await declared.json()]).toEqual([413, { message: 'Request Entity Too Large' }]);
    const chunk = new TextEncoder().encode(body.slice(0, 256 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({ pull: (c) => (sent++ < 12 ? c.enqueue(chunk) : c.close()) });
    const chunked = await fetch(fn('public-echo'), { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('streams the response: the first chunk arrives before the function has finished', async () => {
    const res = await fetch(fn('echo/stream'), { headers: bearer(stack.anonKey) });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('one\n');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('two\nthree\n');
  });

  it('passes on the client the gateway resolved as X-Forwarded-For, never what the client wrote', async () => {
    // No TRUSTED_PROXIES here: the peer is the client, whatever its header claims.
    const res = await fetch(fn('public-echo'), { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    const echo = (await res.json()) as Echo;
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('verify_jwt', () => {
  const expired = () =>
    signJwt({ role: 'authenticated', sub: 'u1', exp: Math.floor(Date.now() / 1000) - 3600 }, stack.config.jwtSecret);

  /** Status, sb-error-code and body of a refusal. */
  async function refusal(res: Response) {
    return [res.status, res.headers.get('sb-error-code'), await res.json()];
  }
  const jwtOf = (header: object, claims: object) =>
    [header, claims].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.') + '.c2ln';

  it('refuses a request without an Authorization header', async () => {
    const res = await fetch(fn('echo'), { method: 'POST' });
    expect(await refusal(res)).toEqual([
      401,
      'UNAUTHORIZED_NO_AUTH_HEADER',
      { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' },
    ]);
  });

  it.each([
    ['a header that is not a Bearer token', () => `Basic ${stack.anonKey}`],
    ['a Bearer header with no token', () => 'Bearer '],
    ['a Bearer header with two tokens', () => `Bearer ${stack.anonKey} more`],
    ['garbage', () => 'Bearer not-a-jwt'],
    ['a token whose header is not JSON', () => 'Bearer bm90LWpzb24.e30.c2ln'],
  ])('refuses %s as a malformed JWT', async (_label, header) => {
    const res = await fetch(fn('echo'), { headers: { Authorization: header() } });
    expect(await refusal(res)).toEqual([
      401,
      'UNAUTHORIZED_INVALID_JWT_FORMAT',
      { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' },
    ]);
  });

  it.each([
    ['a token signed with another secret', () => signJwt({ role: 'service_role' }, 'x'.repeat(40))],
    ['an expired token', expired],
  ])('refuses %s as an invalid legacy JWT', async (_label, token) => {
    const res = await fetch(fn('echo'), { headers: bearer(token()) });
    expect(await refusal(res)).toEqual([401, 'UNAUTHORIZED_LEGACY_JWT', { code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' }]);
  });

  it('refuses an asymmetric token (the project has no signing keys) and an unsupported algorithm', async () => {
    const es256 = await fetch(fn('echo'), { headers: bearer(jwtOf({ alg: 'ES256', typ: 'JWT' }, { role: 'anon' })) });
    expect(await refusal(es256)).toEqual([
      401,
      'UNAUTHORIZED_ASYMMETRIC_JWT',
      { code: 'UNAUTHORIZED_ASYMMETRIC_JWT', message: 'Invalid JWT' },
    ]);
    const none = await fetch(fn('echo'), { headers: bearer(jwtOf({ alg: 'none' }, { role: 'service_role' })) });
    expect(await refusal(none)).toEqual([
      401,
      'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM',
      { code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', message: 'Unsupported JWT algorithm none' },
    ]);
  });

  it.each([
    ['the anon key', () => stack.anonKey],
    ['the service_role key', () => stack.serviceRoleKey],
    ['a user session token', () => signJwt({ role: 'authenticated', sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600 }, stack.config.jwtSecret)],
  ])('accepts %s', async (_label, token) => {
    const res = await fetch(fn('echo'), { headers: bearer(token()) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).path).toBe('/echo');
  });

  it('lets OPTIONS through without a token so the function can answer CORS', async () => {
    const res = await fetch(fn('echo'), { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).method).toBe('OPTIONS');
  });

  it('does not check anything when config.toml sets verify_jwt = false', async () => {
    const res = await fetch(fn('public-echo'), { headers: { Authorization: 'Bearer forged' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).headers.authorization).toBe('Bearer forged');
  });
});

describe('what reaches a function', () => {
  it('gives it Supabase env vars, supabase/functions/.env and STRIPE_* from the stack, nothing else', async () => {
    const res = await fetch(fn('public-echo'));
    const { env } = (await res.json()) as Echo;
    // The stack's internal listener, as Kong is for functions on a self-hosted Supabase.
    expect(env.SUPABASE_URL).toBe(stack.config.internalUrl);
    expect(env.SUPABASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.SUPABASE_ANON_KEY).toBe(stack.anonKey);
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe(stack.serviceRoleKey);
    expect(env.SUPABASE_DB_URL).toBe(stack.config.databaseUrl ?? null);
    expect(env.FIXTURE_GREETING).toBe('hello from .env');
    expect(env.FIXTURE_EXPORTED).toBe('exported');
    expect(env.FIXTURE_SINGLE).toBe('literal \\n kept');
    expect(env.STRIPE_FIXTURE_KEY).toBe('sk_test_fixture');
    expect(env.NOT_PASSED_FIXTURE).toBeNull();
    expect(env.DATABASE_URL).toBeNull();
    expect(env.HOME).toBeNull();
    expect(logs.some((l) => l.includes('ignoring SUPABASE_URL'))).toBe(true);
  });
});

describe('not found', () => {
  it.each([
    ['an unknown name', 'functions/v1/nope'],
    ['no name', 'functions/v1/'],
    ['the shared folder', 'functions/v1/_shared'],
    ['a disabled function', 'functions/v1/disabled-echo'],
    ['a path escape', 'functions/v1/..%2Fecho'],
    ['/api without an api function', 'api/health'],
  ])('answers 404 "Function not found" for %s', async (_label, path) => {
    const res = await fetch(`${stack.url}/${path}`, { headers: bearer(stack.anonKey) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('Function not found');
  });

  it('answers 404 before checking the JWT, as the CLI does', async () => {
    const res = await fetch(fn('nope'));
    expect(res.status).toBe(404);
  });
});

describe('failures stay inside the function', () => {
  it('answers 503 BOOT_ERROR when the module throws at import, and again on the next request', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(fn('boot-error'));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    }
    expect(logs.some((l) => l.includes('boot-error fixture: failing at import on purpose'))).toBe(true);
  });

  it('answers 503 BOOT_ERROR when the module never calls Deno.serve', async () => {
    const res = await fetch(fn('no-serve'));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('BOOT_ERROR');
    expect(logs.some((l) => l.includes('did not call Deno.serve'))).toBe(true);
  });

  it('answers 500 WORKER_ERROR when the handler throws, and the same process serves on', async () => {
    const before = (await (await fetch(fn('crash/ok'))).json()) as { pid: number };
    const res = await fetch(fn('crash'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    expect(logs.some((l) => l.includes('crash fixture: thrown on purpose'))).toBe(true);
    const after = (await (await fetch(fn('crash/ok'))).json()) as { pid: number };
    expect(after.pid).toBe(before.pid);
  });

  it('answers 500 when the process dies mid-request, then starts a new one', async () => {
    const before = (await (await fetch(fn('crash/ok'))).json()) as { pid: number };
    const res = await fetch(fn('crash/exit'));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: string }).code).toBe('WORKER_ERROR');
    const after = await fetch(fn('crash/ok'));
    expect(after.status).toBe(200);
    const { pid } = (await after.json()) as { pid: number };
    expect(pid).not.toBe(before.pid);
    expect(isAlive(before.pid)).toBe(false);
  });

  it('serves a request that arrives right after the process was killed from a fresh process', async () => {
    const before = (await (await fetch(fn('public-echo'))).json()) as Echo;
    process.kill(before.pid, 'SIGKILL');
    const res = await fetch(fn('public-echo'));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).pid).not.toBe(before.pid);
  });

  it('keeps the rest of the stack serving', async () => {
    const res = await fetch(fn('public-echo'));
    expect(res.status).toBe(200);
  });
});

describe('processes', () => {
  it('starts one process per function on first use and keeps it warm', async () => {
    const echoes = await Promise.all(
      Array.from({ length: 5 }, async () => (await (await fetch(fn('echo'), { headers: bearer(stack.anonKey) })).json()) as Echo),
    );
    const pids = new Set(echoes.map((e) => e.pid));
    expect(pids.size).toBe(1);
    const again = (await (await fetch(fn('echo'), { headers: bearer(stack.anonKey) })).json()) as Echo;
    expect(again.pid).toBe(echoes[0]!.pid);
    const other = (await (await fetch(fn('public-echo'))).json()) as Echo;
    expect(other.pid).not.toBe(again.pid);
  });

  it('ends every function process when the stack closes', async () => {
    // A stack of its own, so closing it does not disturb the other tests.
    const own = await startTestStack({ env: { SUPABASE_DIR: 'local/functions/fixtures/supabase' } });
    const pids: number[] = [];
    for (const name of ['public-echo', 'crash/ok']) {
      pids.push(((await (await fetch(`${own.url}/functions/v1/${name}`)).json()) as { pid: number }).pid);
    }
    expect(pids.every(isAlive)).toBe(true);
    await own.close();
    expect(pids.some(isAlive)).toBe(false);
  });
});
