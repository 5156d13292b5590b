import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startHostedLikeCluster, type HostedLikeCluster } from '../scripts/hosted-cluster.ts';
import { openPostgres } from './db/postgres.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { newPerson, signedUp } from '../testkit/auth.ts';
import { eventually } from '../testkit/eventually.ts';
import { RawSocket, userToken } from '../testkit/realtime.ts';
import { startTestStack, type TestStack } from '../testkit/test-stack.ts';

/**
 * Issue 31 item 4: with the database stopped (or refusing connections while it starts), every route
 * answers 503 with Retry-After and a message that names no address, port or errno, in the shape of the
 * service it stands in for; once the database is back the same requests succeed, the stack untouched.
 * A private cluster (scripts/hosted-cluster.ts), never the machine's shared server.
 */
const binDir = postgresBinDir();

let cluster: HostedLikeCluster | undefined;
/** Whether the server is stopped: each test leaves it running, whatever it asserted. */
let stopped = false;

async function stopServer(): Promise<void> {
  stopped = true;
  await cluster!.pause();
}

async function startServer(opts: { refusingConnections?: boolean } = {}): Promise<void> {
  await cluster!.resume(opts);
  stopped = opts.refusingConnections === true;
}
let ts: TestStack;
const logs: string[] = [];
let person: ReturnType<typeof newPerson>;
let accessToken: string;

interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  text: string;
}

async function answer(what: string, res: Promise<Response>): Promise<Answer> {
  const r = await res;
  return { what, status: r.status, retryAfter: r.headers.get('retry-after'), text: await r.text() };
}

/** The four requests of the issue: an rpc, a password sign-in, an edge function, a private REST broadcast. */
function requests(): Promise<Answer>[] {
  const json = { 'Content-Type': 'application/json' };
  return [
    answer(
      'rpc',
      fetch(`${ts.url}/rest/v1/rpc/unread_count`, {
        method: 'POST',
        headers: { ...json, apikey: ts.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Profile': 'api' },
        body: '{}',
      }),
    ),
    answer(
      'sign-in',
      fetch(`${ts.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { ...json, apikey: ts.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email: person.email, password: person.password }),
      }),
    ),
    answer(
      'function',
      fetch(`${ts.url}/functions/v1/payouts/reconcile`, { headers: { Authorization: `Bearer ${ts.serviceRoleKey}` } }),
    ),
    answer(
      'broadcast',
      fetch(`${ts.url}/realtime/v1/api/broadcast/outage-room/events/ping?private=true`, {
        method: 'POST',
        headers: { ...json, apikey: ts.anonKey, Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ n: 1 }),
      }),
    ),
  ];
}

/** What every answer during an outage must be; `port` is the cluster's, which must not show. */
function expectUnavailable(a: Answer, port: string): void {
  expect(a.status, `${a.what}: ${a.text}`).toBe(503);
  expect(Number(a.retryAfter), `${a.what} Retry-After`).toBeGreaterThan(0);
  for (const leak of ['127.0.0.1', port, 'ECONNREFUSED', 'connect ', '57P03', 'recovery', 'standby']) {
    expect(a.text, `${a.what} leaks ${leak}`).not.toContain(leak);
  }
  // Parsable JSON in the service's own shape.
  const body = JSON.parse(a.text) as Record<string, unknown>;
  // PGRST000 when no connection could be made; PGRST001 should the pool still have handed out one the
  // stop had broken (both PostgREST's, both 503).
  if (a.what === 'rpc') {
    expect(['PGRST000', 'PGRST001']).toContain(body.code);
    expect(body).toMatchObject({ details: null, hint: null });
  }
  if (a.what === 'sign-in') expect(body).toMatchObject({ code: 'unexpected_failure' });
  if (a.what === 'function') expect(body).toMatchObject({ code: 'unavailable' });
  expect(typeof body.message).toBe('string');
}

function expectServed(answers: Answer[]): void {
  const [rpc, signIn, fn, broadcast] = answers;
  expect(rpc!.status, rpc!.text).toBe(200);
  expect(rpc!.text).toBe('0');
  expect(signIn!.status, signIn!.text).toBe(200);
  expect(JSON.parse(signIn!.text).access_token).toEqual(expect.any(String));
  expect(fn!.status, fn!.text).toBe(200);
  expect(broadcast!.status, broadcast!.text).toBe(202);
}

/** A private channel's join, which checks the project's policies in the database. */
async function joinReply(): Promise<Record<string, any>> {
  const socket = await RawSocket.open(ts);
  try {
    const topic = 'realtime:outage-room';
    const ref = socket.send('1', topic, 'phx_join', { config: { private: true }, access_token: accessToken });
    return (await socket.reply(ref, 20_000))[4];
  } finally {
    socket.close();
  }
}

/** The system message of a postgres_changes subscription, which the database validates. */
async function subscriptionStatus(): Promise<Record<string, any>> {
  const socket = await RawSocket.open(ts);
  try {
    const topic = 'realtime:outage-changes';
    const changes = [{ event: '*', schema: 'app', table: 'messages' }];
    socket.send('1', topic, 'phx_join', { config: { postgres_changes: changes }, access_token: accessToken });
    return (await socket.waitFor((f) => f[2] === topic && f[3] === 'system', 20_000))[4];
  } finally {
    socket.close();
  }
}

describe.skipIf(!binDir)('a database outage (a private Postgres cluster, stopped and started)', () => {
  let port: string;

  beforeAll(async () => {
    cluster = await startHostedLikeCluster(binDir!);
    port = new URL(cluster.adminUrl).port;
    const db = await openPostgres(cluster.adminUrl, { max: 10 });
    ts = await startTestStack({
      database: { db, url: cluster.adminUrl, drop: () => db.close() },
      log: (line) => logs.push(line),
    });
    await ts.stack.ctx.db.exec(`
      create policy outage_read on realtime.messages for select to authenticated using (true);
      create policy outage_write on realtime.messages for insert to authenticated with check (true);
    `);
    person = newPerson('outage');
    const { session } = await signedUp(ts, person);
    accessToken = session.access_token;
    // Every request served once before the outage (the functions' worker started, the schema cache loaded).
    expectServed(await Promise.all(requests()));
  });

  afterEach(async () => {
    if (!stopped) return;
    await cluster!.pause().catch(() => undefined);
    await startServer();
  });

  afterAll(async () => {
    await ts?.close().catch(() => undefined);
    await cluster?.stop();
  });

  it('answers 503 with Retry-After and a generic message on every route while the server is stopped, and serves again once it is back', async () => {
    // A request holding a connection when the server stops gets an error, and the stack stays up: the
    // connection's end comes while the request still holds it (here it rolls back a moment after the failed
    // statement), when a checked-out pg client had no 'error' listener: an uncaught exception.
    const inflight = ts.stack.ctx.db
      .withConnection(async (c) => {
        try {
          return await c.query('select pg_sleep(60)');
        } catch (e) {
          await new Promise((r) => setTimeout(r, 500));
          throw e;
        }
      })
      .catch((e: unknown) => e);
    await eventually(
      () => ts.stack.ctx.db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(60)'`),
      (r) => r.rows[0]!.n === 1,
    );
    await stopServer();
    expect(isDatabaseUnavailable(await inflight)).toBe(true);

    const down = await Promise.all(requests());
    for (const a of down) expectUnavailable(a, port);
    const unableToConnect = 'UnableToConnectToProject: Realtime was unable to connect to the project database';
    expect(await joinReply()).toEqual({ status: 'error', response: { reason: unableToConnect } });
    expect(await subscriptionStatus()).toMatchObject({ extension: 'postgres_changes', status: 'error', message: unableToConnect });
    // The detail is in the server's log, once per service rather than per request.
    expect(logs.some((l) => /^rest: database unavailable on POST \/rest\/v1\/rpc\/unread_count: ECONNREFUSED/.test(l)), logs.join('\n')).toBe(true);
    expect(logs.some((l) => /^auth: database unavailable on POST \/token: ECONNREFUSED/.test(l)), logs.join('\n')).toBe(true);

    await startServer();
    expectServed(await Promise.all(requests()));
    expect((await joinReply()).status).toBe('ok');
    expect(await subscriptionStatus()).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
  });

  it('answers the same while the server refuses connections as it starts up (SQLSTATE 57P03)', async () => {
    await stopServer();
    await startServer({ refusingConnections: true });
    // The server is up, and says so: what a connection meets is 57P03, not a refused socket.
    const probe = new pg.Client({ connectionString: cluster!.adminUrl });
    probe.on('error', () => undefined);
    expect(await probe.connect().then(() => 'connected', (e: { code?: string }) => e.code)).toBe('57P03');
    const starting = await Promise.all(requests());
    for (const a of starting) expectUnavailable(a, port);

    await stopServer();
    await startServer();
    expectServed(await Promise.all(requests()));
  });
});
