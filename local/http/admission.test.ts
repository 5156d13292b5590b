import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createStack, type Stack } from '../app.ts';
import { loadConfig } from '../config.ts';
import { signJwt } from '../jwt.ts';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';
import { AdmissionGate } from './admission.ts';
import { HttpError } from './http-error.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the admission gate', () => {
  it('lets requests through up to its concurrency and queues the rest in order', async () => {
    const gate = new AdmissionGate({ concurrency: 2, maxWaitMs: 1000, maxLagMs: 0 });
    const order: number[] = [];
    const a = await gate.enter();
    const b = await gate.enter();
    const c = gate.enter().then((release) => (order.push(3), release));
    const d = gate.enter().then((release) => (order.push(4), release));
    await sleep(10);
    expect(gate.stats).toMatchObject({ active: 2, queued: 2 });
    a();
    (await c)();
    b();
    (await d)();
    expect(order).toEqual([3, 4]);
    expect(gate.stats).toEqual({ admitted: 4, shed: 0, active: 0, queued: 0 });
  });

  it('refuses with 503 and Retry-After when a queued request waited its limit', async () => {
    const gate = new AdmissionGate({ concurrency: 1, maxWaitMs: 50, maxLagMs: 0 });
    const release = await gate.enter();
    const refused = await gate.enter().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toMatch(/^[1-9]\d*$/);
    expect((refused as HttpError).body).toMatchObject({ message: expect.stringContaining('busy') });
    release();
    expect(gate.stats).toMatchObject({ shed: 1, active: 0, queued: 0 });
  });

  it('refuses at once, without waiting, when the measured turns say the wait would be too long', async () => {
    const gate = new AdmissionGate({ concurrency: 1, maxWaitMs: 100, maxLagMs: 0 });
    // One turn of 60 ms teaches the gate what a turn costs.
    const first = await gate.enter();
    await sleep(60);
    first();
    const holder = await gate.enter();
    const queued = gate.enter(); // expected wait 60 ms: accepted into the line
    const started = performance.now();
    const refused = await gate.enter().catch((e: unknown) => e); // 2 x 60 ms > 100 ms
    expect(performance.now() - started).toBeLessThan(20);
    expect((refused as HttpError).status).toBe(503);
    holder();
    (await queued)();
  });

  it('gives a hung-up client’s place to the next in line', async () => {
    const gate = new AdmissionGate({ concurrency: 1, maxWaitMs: 1000, maxLagMs: 0 });
    const holder = await gate.enter();
    const hungUp = new AbortController();
    const gone = gate.enter(hungUp.signal).catch((e: unknown) => e);
    const next = gate.enter();
    hungUp.abort();
    expect(((await gone) as HttpError).status).toBe(499);
    holder();
    (await next)();
    expect(gate.stats).toMatchObject({ admitted: 2, active: 0, queued: 0 });
  });

  it('refuses at once while the thread runs later than its limit, and admits again when it catches up', async () => {
    let lag = 250;
    const gate = new AdmissionGate({ concurrency: 8, maxWaitMs: 1000, maxLagMs: 100 }, () => lag);
    const refused = await gate.enter().catch((e: unknown) => e);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toBe('1');
    lag = 5;
    (await gate.enter())();
    expect(gate.stats).toMatchObject({ admitted: 1, shed: 1 });
  });

  it('is off with concurrency 0', async () => {
    const gate = new AdmissionGate({ concurrency: 0, maxWaitMs: 0, maxLagMs: 0 });
    await Promise.all(Array.from({ length: 50 }, () => gate.enter()));
    expect(gate.stats.shed).toBe(0);
  });
});

/** A write the test can hold up (by locking its table), so that a burst of them outruns a gate of one. */
const FIXTURE = `
create schema if not exists api;
grant usage on schema api to anon, authenticated, service_role;
create table public.admission_writes (id serial primary key, tag text not null unique);
grant insert on public.admission_writes to authenticated;
grant usage on sequence public.admission_writes_id_seq to authenticated;
create function api.t_slow_write(tag text) returns int language sql volatile as $$
  insert into public.admission_writes (tag) values (tag) returning id
$$;
grant execute on function api.t_slow_write(text) to authenticated;
`;

describe('a stack driven past its gate', () => {
  let database: TestDatabase;
  let stack: Stack;
  let url: string;
  let anonKey: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.exec(FIXTURE);
    const config = loadConfig({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      SCHEDULER: 'off',
      ADMISSION_CONCURRENCY: '1',
      ADMISSION_MAX_WAIT_MS: '150',
    });
    stack = await createStack(config, { db: database.db, seed: false, log: () => undefined });
    await stack.listen();
    url = `http://127.0.0.1:${(stack.server.address() as AddressInfo).port}`;
    anonKey = config.anonKey;
    const now = Math.floor(Date.now() / 1000);
    token = signJwt({ sub: '11111111-1111-1111-1111-111111111111', role: 'authenticated', aud: 'authenticated', exp: now + 600 }, config.jwtSecret);
  });

  afterAll(async () => {
    await stack?.close();
    await database?.drop();
  });

  it('answers the excess 503 with Retry-After and completes every write it acknowledged', async () => {
    // The database stays busy (a lock held by the test, not pg_sleep: PGlite would block this very event
    // loop, and the burst would be read one request at a time) until the gate has refused someone. A fixed
    // 400 ms hold was not enough on a loaded machine: the burst could reach the gate only after the lock
    // was gone, then every request was served in turn and none refused.
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const busyDb = database.db.transaction(async (tx) => {
      await tx.query('lock table public.admission_writes in exclusive mode');
      holding();
      const until = Date.now() + 10_000;
      while (stack.admission.stats.shed === 0 && Date.now() < until) await sleep(10);
    });
    await held;
    const burst = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${url}/rest/v1/rpc/t_slow_write`, {
          method: 'POST',
          headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-profile': 'api' },
          body: JSON.stringify({ tag: `w${i}` }),
        }).then(async (r) => ({ i, status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as unknown })),
      ),
    );
    await busyDb;
    const answers = await burst;
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length).toBe(answers.length);
    expect(ok.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(Number(b.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(b.body).toMatchObject({ message: expect.any(String) });
    }
    // Acknowledged is stored, refused is not: the gate refuses before the handler starts.
    const stored = await database.db.query<{ tag: string }>('select tag from public.admission_writes order by id');
    expect(stored.rows.map((r) => r.tag).sort()).toEqual(ok.map((a) => `w${a.i}`).sort());
    expect(stack.admission.stats).toMatchObject({ shed: busy.length, active: 0, queued: 0 });
  });

  it('serves again once the burst is over', async () => {
    await sleep(200);
    const r = await fetch(`${url}/rest/v1/rpc/t_slow_write`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-profile': 'api' },
      body: JSON.stringify({ tag: 'after' }),
    });
    expect(r.status).toBe(200);
  });

  it('does not gate the stack’s own listener (edge functions calling back)', async () => {
    const internal = stack.ctx.config.internalUrl!;
    const before = stack.admission.stats.admitted;
    const r = await fetch(`${internal}/rest/v1/rpc/t_slow_write`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-profile': 'api' },
      body: JSON.stringify({ tag: 'internal' }),
    });
    expect(r.status).toBe(200);
    expect(stack.admission.stats.admitted).toBe(before);
  });
});
