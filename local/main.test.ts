import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './db/data-dir-lock.ts';
import { expectNoStackTrace, freePort, killRunningMains, runMain, startMain, type MainProcess } from '../testkit/main-process.ts';
import { startTestStack } from '../testkit/test-stack.ts';

// A test that times out must not leave a stack running (and holding its port and data directory).
afterAll(killRunningMains);

const CUSTOM_SECRETS = {
  JWT_SECRET: 'a-secret-of-our-own-at-least-32-characters-long!',
  STRIPE_WEBHOOK_SECRET: 'whsec_a_secret_of_our_own',
  STRIPE_SECRET_KEY: 'sk_test_local_a_key_of_our_own',
};

describe('the stack process', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'stack-main-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('exits with a clear message when the database is unreachable', async () => {
    const { code, output } = await runMain({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', PORT: '0' });
    expect(code).toBe(2);
    expect(output).toContain('cannot reach the database');
    expect(output).toContain('DATABASE_URL');
  });

  it('exits 3 with a clear message when the port is taken, without touching the data directory', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = path.join(scratch, 'port-taken');
    try {
      const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port) });
      expect(code).toBe(3);
      expect(output).toContain(`port ${port} is already in use`);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('refuses to listen on 0.0.0.0 with the well-known secrets, naming them, before touching the data directory', async () => {
    const dataDir = path.join(scratch, 'exposed');
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '0.0.0.0' });
    expect(code).toBe(6);
    expect(output).toContain('refusing to listen on 0.0.0.0');
    expect(output).toContain('JWT_SECRET');
    expect(output).toContain('STRIPE_WEBHOOK_SECRET');
    expect(output).toContain('STRIPE_SECRET_KEY');
    expect(output).toContain('ALLOW_INSECURE_DEFAULTS=true');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses 0.0.0.0 with secrets of its own but the Stripe double\'s published key (issue 29: it started without a word)', async () => {
    const dataDir = path.join(scratch, 'exposed-double');
    const { STRIPE_SECRET_KEY: _own, ...allButTheDoublesKey } = CUSTOM_SECRETS;
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '0.0.0.0', ...allButTheDoublesKey });
    expect(code).toBe(6);
    expect(output).toContain('- STRIPE_SECRET_KEY');
    expect(output).not.toContain('- JWT_SECRET');
    expect(output).toContain('STRIPE_DOUBLE=off');
    expectNoStackTrace(output);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says which data directory cannot be opened and why when DATA_DIR is a file', async () => {
    const dataDir = path.join(scratch, 'a-file');
    writeFileSync(dataDir, 'not a directory');
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' });
    expect(code).toBe(5);
    expect(output).toContain(`cannot open the database in ${dataDir}`);
    expect(output).toContain('not a directory');
    expectNoStackTrace(output);
  });

  it('says which data directory cannot be opened, why and what to do when its files are damaged', async () => {
    const dataDir = path.join(scratch, 'damaged');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dataDir, 'global'), 'garbage');
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' });
    expect(code).toBe(5);
    expect(output).toContain(`cannot open the database in ${dataDir}`);
    expect(output).toContain('npm run db:reset');
    expect(output).toContain(`mv ${dataDir}`);
    expectNoStackTrace(output);
    // The lock is released on the way out, and nothing else is left behind (issue 31: a refused directory is left as it was).
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'global']);
  });

  it('logs one line per request with method, path, status and duration', async () => {
    const lines: string[] = [];
    const t = await startTestStack({ env: { LOG_REQUESTS: '1' }, log: (l) => lines.push(l) });
    try {
      await fetch(`${t.url}/rest/v1/rpc/nothing_here?apikey=${t.anonKey}`, { method: 'POST', body: '{}' });
      await fetch(`${t.url}/auth/v1/health`, { headers: { apikey: 'wrong' } });
      await new Promise((r) => setTimeout(r, 50));
      expect(lines).toContainEqual(expect.stringMatching(/^POST \/rest\/v1\/rpc\/nothing_here 404 \d+\.\dms$/));
      expect(lines).toContainEqual(expect.stringMatching(/^GET \/auth\/v1\/health 401 \d+\.\dms$/));
    } finally {
      await t.close();
    }
  });
});

/** A signed-in demo user of a running stack, calling the `api` schema as the web app does. */
async function signIn(url: string, apikey: string, email: string) {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123' }),
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  const rpc = (fn: string, args: unknown) =>
    fetch(`${url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        'content-profile': 'api',
      },
      body: JSON.stringify(args),
    });
  return { id: session.user.id, rpc };
}

// One fresh PGlite database (migrations and seed take a while) serves the tests below, in order.
describe('two starts on one DATA_DIR', () => {
  let dataDir: string;
  let first: MainProcess;
  let firstUrl: string;
  const anonKeyOf = (output: string) => /anon (\S+)/.exec(output)![1]!;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stack-shared-'));
    const port = await freePort();
    // Also shows that a non-loopback HOST is accepted once the secrets are not the well-known ones.
    first = startMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '0.0.0.0', AUTH_RATE_LIMIT: '100000', ...CUSTOM_SECRETS });
    firstUrl = `http://127.0.0.1:${port}`;
    await first.waitFor(/Marketplace ready/);
  }, 300_000);

  afterAll(async () => {
    first?.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says in its banner that the Stripe double answers this machine only', () => {
    expect(first.output()).toContain('Stripe test double: its API (/v1, /v2) answers this machine only');
  });

  it('says in its banner how to stop the stack, that the data stays in DATA_DIR, and what it logs', () => {
    expect(first.output()).toContain(`Stop with Ctrl+C. The data stays in ${dataDir}/ (DATA_DIR) for the next start`);
    expect(first.output()).toContain('Log: errors, warnings, 5xx answers and requests over 1000 ms (SLOW_REQUEST_MS); LOG_REQUESTS=1 logs every request');
  });

  it('refuses a second start on the locked DATA_DIR with a clear message while the first keeps serving', async () => {
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(code).toBe(4);
    expect(output).toContain(`${dataDir} is in use by another stack (pid ${first.child.pid}`);
    expect(output).toContain('DATA_DIR');
    expectNoStackTrace(output);
    const health = await fetch(`${firstUrl}/auth/v1/health`, { headers: { apikey: anonKeyOf(first.output()) } });
    expect(health.status).toBe(200);
  }, 120_000);

  it('keeps every acknowledged write through a SIGKILL mid-flight; the restart takes over the stale lock', async () => {
    const apikey = anonKeyOf(first.output());
    const creator = await signIn(firstUrl, apikey, 'creator@demo.test');
    const brand = await signIn(firstUrl, apikey, 'brand@demo.test');
    const acknowledged: string[] = [];
    let killed = false;
    const sends = Array.from({ length: 150 }, async (_, i) => {
      const clientId = randomUUID();
      try {
        const res = await creator.rpc('send_message', { receiver_id: brand.id, content: `crash test ${i}`, client_id: clientId });
        if (res.status !== 200) return;
        const rows = (await res.json()) as Array<{ client_id: string }>;
        if (rows[0]?.client_id === clientId) acknowledged.push(clientId);
      } catch {
        return; // cut off by the kill: not acknowledged
      }
      if (acknowledged.length >= 40 && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    });
    await Promise.all(sends);
    await first.exited;
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    // Killed mid-flight: some sends never got their answer.
    expect(acknowledged.length).toBeLessThan(150);
    // The killed process left its lock behind: the restart must find it stale and take it over.
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    const port = await freePort();
    const second = startMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '0.0.0.0', ALLOW_INSECURE_DEFAULTS: 'true', AUTH_RATE_LIMIT: '100000' });
    try {
      await second.waitFor(/Marketplace ready/);
      // Allowed explicitly, so it starts, shouting about it.
      expect(second.output()).toContain('WARNING: listening on 0.0.0.0 with well-known secrets');
      expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).pid).toBe(second.child.pid);

      const url = `http://127.0.0.1:${port}`;
      const again = await signIn(url, anonKeyOf(second.output()), 'creator@demo.test');
      const res = await again.rpc('conversation', { contact_id: brand.id, page_size: 200 });
      expect(res.status).toBe(200);
      const stored = new Set(((await res.json()) as Array<{ client_id: string }>).map((m) => m.client_id));
      console.log(`crash round: ${acknowledged.length} of 150 sends acknowledged before SIGKILL, ${acknowledged.filter((id) => stored.has(id)).length} of them found after the restart`);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 300_000);
});
