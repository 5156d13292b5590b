import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../../testkit/test-database.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// A failure of the stack's own (500) and a request that takes as long as it is told to: real requests, so
// the log is judged on what `npm start` would print for them.
const FIXTURES = `
create schema if not exists api;
grant usage on schema api to anon, authenticated, service_role;
create function api.t_log_internal_error() returns void language plpgsql as $$
begin raise exception 'something broke' using errcode = 'XX000'; end $$;
create function api.t_log_sleep(seconds float8) returns void language sql volatile as $$ select pg_catalog.pg_sleep(seconds) $$;
grant execute on function api.t_log_internal_error(), api.t_log_sleep(float8) to anon;
`;

describe('the request log', () => {
  let t: TestStack;
  const lines: string[] = [];

  beforeAll(async () => {
    const database = await openTestDatabase();
    await database.db.exec(FIXTURES);
    // No LOG_REQUESTS, no SLOW_REQUEST_MS: what a plain `npm start` does.
    t = await startTestStack({ database, env: { LOG_REQUESTS: '', SLOW_REQUEST_MS: '' }, log: (l) => lines.push(l) });
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  const rpc = (fn: string, args: unknown = {}) =>
    fetch(`${t.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json', 'content-profile': 'api' },
      body: JSON.stringify(args),
    });
  /** 'finish' fires as the last byte is handed to the socket; a beat later the line is surely written. */
  const settle = () => new Promise((r) => setTimeout(r, 100));

  it('is quiet by default: every request only with LOG_REQUESTS=1, slow from 1000 ms', () => {
    expect(t.config.logRequests).toBe(false);
    expect(t.config.slowRequestMs).toBe(1000);
    for (const on of ['1', 'true']) expect(loadConfig({ LOG_REQUESTS: on }).logRequests).toBe(true);
    for (const off of ['0', 'false', '']) expect(loadConfig({ LOG_REQUESTS: off }).logRequests).toBe(false);
    expect(loadConfig({ SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
  });

  it('says nothing about ordinary requests, the mail viewer polling its list included', async () => {
    // However busy the machine, none of these may count as slow here: what is checked is the default's
    // silence about ordinary answers (slowness has its own test below).
    t.config.slowRequestMs = 60_000;
    try {
      const before = lines.length;
      for (let i = 0; i < 5; i += 1) {
        const poll = await fetch(`${t.url}/_mail/api/v1/messages`, { cache: 'no-store' });
        expect(poll.status).toBe(200);
      }
      expect((await fetch(`${t.url}/auth/v1/health`, { headers: { apikey: t.anonKey } })).status).toBe(200);
      // A client's mistakes (401, 404, 400) are the client's business, not the terminal's.
      expect((await fetch(`${t.url}/auth/v1/health`, { headers: { apikey: 'wrong' } })).status).toBe(401);
      expect((await rpc('nothing_here')).status).toBe(404);
      const wrongPassword = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@demo.test', password: 'wrong-password' }),
      });
      expect(wrongPassword.status).toBe(400);
      expect((await rpc('t_log_sleep', { seconds: 0 })).status).toBe(204);
      await settle();
      expect(lines.slice(before)).toEqual([]);
    } finally {
      t.config.slowRequestMs = 1000;
    }
  });

  it('logs a 5xx answer', async () => {
    const before = lines.length;
    expect((await rpc('t_log_internal_error')).status).toBe(500);
    await settle();
    expect(lines.slice(before)).toContainEqual(expect.stringMatching(/^POST \/rest\/v1\/rpc\/t_log_internal_error 500 \d+\.\dms$/));
  });

  it('logs a request slower than SLOW_REQUEST_MS, saying so', async () => {
    t.config.slowRequestMs = 300;
    try {
      const before = lines.length;
      // Sleeps 0.6 s in the database: at least twice the threshold, whatever the machine.
      expect((await rpc('t_log_sleep', { seconds: 0.6 })).status).toBe(204);
      await settle();
      expect(lines.slice(before)).toContainEqual(
        expect.stringMatching(/^POST \/rest\/v1\/rpc\/t_log_sleep 204 \d+\.\dms \(slow: over 300 ms, SLOW_REQUEST_MS\)$/),
      );
    } finally {
      t.config.slowRequestMs = 1000;
    }
  });

  it('logs every request, the mail viewer polling included, once LOG_REQUESTS=1', async () => {
    t.config.logRequests = loadConfig({ LOG_REQUESTS: '1' }).logRequests;
    t.config.slowRequestMs = 60_000;
    try {
      const before = lines.length;
      expect((await fetch(`${t.url}/_mail/api/v1/messages`)).status).toBe(200);
      expect((await fetch(`${t.url}/auth/v1/health`, { headers: { apikey: t.anonKey } })).status).toBe(200);
      await settle();
      expect(lines.slice(before)).toEqual([
        expect.stringMatching(/^GET \/_mail\/api\/v1\/messages 200 \d+\.\dms$/),
        expect.stringMatching(/^GET \/auth\/v1\/health 200 \d+\.\dms$/),
      ]);
    } finally {
      t.config.logRequests = false;
      t.config.slowRequestMs = 1000;
    }
  });
});
