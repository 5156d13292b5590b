import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { ApiSession } from '../../testkit/db/api-client.ts';
import { ids } from '../../testkit/db/personas.ts';

// Issue 12, items 2-5, on the /api facade as a browser and as an attacker would use it: cookie-riding
// writes (CSRF), sessions after logout, body sizes, oversized sessions, forged client addresses.

let stack: TestStack;
const ALLOWED = 'http://localhost:5173';

beforeAll(async () => {
  stack = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '1000', ALLOWED_ORIGINS: ALLOWED } });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const newSession = () => new ApiSession(stack.url);
const cookieOf = (s: ApiSession) => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function messagesFromCreator(): Promise<number> {
  const { rows } = await stack.database.db.query<{ n: number }>(
    `select count(*)::int as n from app.messages where sender_id = $1 and receiver_id = $2`,
    [ids.creator, ids.brand],
  );
  return rows[0]!.n;
}

describe('cross-site writes with the session cookie (CSRF)', () => {
  test('a form posting text/plain cannot write as the signed-in user', async () => {
    const s = await newSession().login('creator@demo.test');
    const before = await messagesFromCreator();
    // What <form enctype="text/plain"> on any page sends: the cookie rides along (same site, other port).
    const res = await fetch(`${stack.url}/api/messages`, {
      method: 'POST',
      headers: { Cookie: cookieOf(s), 'Content-Type': 'text/plain', Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'same-site' },
      // A form field named `{"receiverId":…,"x":"` with the value `"}` is sent as valid JSON.
      body: `{"receiverId":"${ids.brand}","content":"csrf","x":"="}`,
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe('Content-Type must be application/json');
    expect(await messagesFromCreator()).toBe(before);
  });

  test('a credentialed JSON fetch from a page on another port of the same host is refused', async () => {
    const s = await newSession().login('creator@demo.test');
    const before = await messagesFromCreator();
    const body = JSON.stringify({ receiverId: ids.brand, content: 'csrf' });
    for (const headers of [
      { Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      // An older browser that sends Origin but no Fetch Metadata.
      { Origin: 'http://127.0.0.1:1' },
    ]) {
      const res = await fetch(`${stack.url}/api/messages`, {
        method: 'POST',
        headers: { Cookie: cookieOf(s), 'Content-Type': 'application/json', ...headers },
        body,
      });
      expect([res.status, await res.text()]).toEqual([403, 'Cross-site request refused']);
    }
    expect(await messagesFromCreator()).toBe(before);
    // The site's own pages and an allowed origin still write.
    for (const headers of [
      { Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' },
      { Origin: ALLOWED, 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const res = await fetch(`${stack.url}/api/messages`, { method: 'POST', headers: { Cookie: cookieOf(s), 'Content-Type': 'application/json', ...headers }, body });
      expect(res.status).toBe(201);
    }
    expect(await messagesFromCreator()).toBe(before + 2);
  });

  test('credentials are granted to allowed origins only, on preflights and answers alike', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.url}/api/messages`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const ok = await preflight(ALLOWED);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');

    const s = await newSession().login('creator@demo.test');
    const read = (origin: string) => fetch(`${stack.url}/api/user`, { headers: { Cookie: cookieOf(s), Origin: origin } });
    const leaked = await read('https://evil.example');
    expect(leaked.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(leaked.headers.get('access-control-allow-credentials')).toBeNull();
    const mine = await read(ALLOWED);
    expect(mine.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(mine.headers.get('access-control-allow-credentials')).toBe('true');
    // The Data API keeps answering any origin without credentials, as a hosted project does.
    const rest = await fetch(`${stack.url}/rest/v1/rpc/browse_campaigns`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
    expect(rest.headers.get('access-control-allow-credentials')).toBeNull();
  });

  test('after /api/logout the old cookie no longer works, though its access token has not expired', async () => {
    const s = await newSession().login('creator@demo.test');
    const stolen = cookieOf(s);
    expect((await s.post('/api/logout')).status).toBe(204);
    const res = await fetch(`${stack.url}/api/user`, { headers: { Cookie: stolen } });
    expect([res.status, await res.text()]).toEqual([401, 'Not signed in']);
    expect(res.headers.getSetCookie().some((c) => /^sb-api-session=; .*Max-Age=0/.test(c))).toBe(true);
    const write = await fetch(`${stack.url}/api/messages`, {
      method: 'POST',
      headers: { Cookie: stolen, 'Content-Type': 'application/json' },
      body: JSON.stringify({ receiverId: ids.brand, content: 'after logout' }),
    });
    expect(write.status).toBe(401);
  });
});

describe('request bodies', () => {
  test('an oversized body is refused with 413 before it is read, on /api and /functions/v1', async () => {
    const s = await newSession().login('creator@demo.test');
    const huge = JSON.stringify({ receiverId: ids.brand, content: 'x'.repeat(2 * 1024 * 1024) });
    const res = await fetch(`${stack.url}/api/messages`, { method: 'POST', headers: { Cookie: cookieOf(s), 'Content-Type': 'application/json' }, body: huge });
    expect(res.status).toBe(413);
    const fn = await fetch(`${stack.url}/functions/v1/payments/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(fn.status).toBe(413);
  });

  test('a chunked body with no length is cut off at the limit', async () => {
    const s = await newSession().login('creator@demo.test');
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ >= 64) c.close();
        else c.enqueue(chunk);
      },
    });
    const res = await fetch(`${stack.url}/api/messages`, {
      method: 'POST',
      headers: { Cookie: cookieOf(s), 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/Request Entity Too Large/);
  });
});

describe('big user metadata', () => {
  test('a user whose metadata makes the session over 4 KB signs in through /api/login (no 500)', async () => {
    const email = `big.meta.${Date.now()}@example.test`;
    const admin = stack.client({ key: stack.serviceRoleKey });
    const { error } = await admin.auth.admin.createUser({
      email,
      password: 'password123',
      email_confirm: true,
      user_metadata: { full_name: 'Meta Grande', username: `meta_${Date.now()}`, notes: 'n'.repeat(6000) },
    });
    expect(error).toBeNull();
    const s = newSession();
    const res = await s.post('/api/login', { email, password: 'password123' });
    expect(res.status, res.text).toBe(200);
    expect(s.lastSetCookie.length).toBeGreaterThan(1);
    for (const line of s.lastSetCookie) expect(new TextEncoder().encode(line).length).toBeLessThan(4000);
    expect((await s.get('/api/user')).json.email).toBe(email);
    expect((await s.post('/api/logout')).status).toBe(204);
    expect(s.cookies.size).toBe(0);
  });

  test('metadata over the cap is refused with a clear 422 at sign-up and on update', async () => {
    const anon = stack.client();
    const email = `huge.meta.${Date.now()}@example.test`;
    const big = { full_name: 'Meta', username: `huge_${Date.now()}`, notes: 'n'.repeat(20_000) };
    const signUp = await anon.auth.signUp({ email, password: 'password123', options: { data: big } });
    expect(signUp.error?.status).toBe(422);
    expect(signUp.error?.message).toMatch(/^data is too large/);

    const ok = await anon.auth.signUp({ email, password: 'password123', options: { data: { ...big, notes: 'short' } } });
    expect(ok.error).toBeNull();
    const update = await anon.auth.updateUser({ data: { notes: 'n'.repeat(20_000) } });
    expect(update.error?.status).toBe(422);
    expect(update.error?.message).toMatch(/^data is too large/);
  });
});

describe('client addresses on /api/login', () => {
  test('a forged X-Forwarded-For does not reset the per-IP sign-in limit behind the facade', async () => {
    const limited = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await new ApiSession(limited.url, `198.51.100.${i}`).post('/api/login', { email: 'creator@demo.test', password: `wrong-${i}` });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
