// `npm run bench:notify` (issue 18): event-to-bell latency with 1,000 connected users, each on their own
// private notifications channel (Broadcast from the database, authorized by RLS on realtime.messages).
// Then the email outbox those notifications filled is drained by the emails function: its rate is printed.
// Prints figures against the target; not a test (timings are noisy).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { signJwt } from '../local/jwt.ts';
import { startTestStack } from '../testkit/test-stack.ts';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The users' browsers: one supabase-js client per user, each joined to `notifications:<its id>`. */
const CLIENTS_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { createClient } = require(workerData.supabasePath);
const WebSocket = require(workerData.wsPath);
let ids = [], ats = [], flushing = false;
function flush() { flushing = false; parentPort.postMessage({ type: 'rx', ids, ats }); ids = []; ats = []; }
(async () => {
  const join = async ({ id, token }) => {
    const client = createClient(workerData.url, workerData.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket },
    });
    await client.realtime.setAuth(token);
    await new Promise((resolve, reject) => {
      client.channel('notifications:' + id, { config: { private: true } })
        .on('broadcast', { event: 'notification' }, (m) => {
          ids.push(m.payload.id);
          ats.push(performance.timeOrigin + performance.now());
          if (!flushing) { flushing = true; setImmediate(flush); }
        })
        .subscribe((status, err) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err || new Error(status));
        });
    });
  };
  // Joined in groups, as users arrive over time rather than in one instant.
  for (let i = 0; i < workerData.users.length; i += 50) await Promise.all(workerData.users.slice(i, i + 50).map(join));
  parentPort.postMessage({ type: 'ready' });
})().catch((e) => parentPort.postMessage({ type: 'error', message: String(e && e.message || e) }));
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

process.env.DATABASE_URL = databaseUrl;
const ts = await startTestStack();
let worker: Worker | undefined;
try {
  const db = ts.stack.ctx.db;
  // The users: auth users whose sign-up trigger creates their profiles, as the Auth API would.
  const users = (
    await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'bench' || i || '@bench.test', '', now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
         jsonb_build_object('username', 'bench_user_' || i, 'full_name', 'Bench User ' || i), now(), now()
       from generate_series(1, $1) i
       returning id`,
      [USERS],
    )
  ).rows.map((r) => r.id);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const require = createRequire(import.meta.url);
  const joinStarted = performance.now();
  worker = new Worker(CLIENTS_WORKER, {
    eval: true,
    workerData: {
      url: ts.url,
      anonKey: ts.anonKey,
      users: users.map((id) => ({ id, token: signJwt({ role: 'authenticated', sub: id, exp }, ts.config.jwtSecret) })),
      supabasePath: require.resolve('@supabase/supabase-js'),
      wsPath: require.resolve('ws'),
    },
  });
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let failure: Error | undefined;
  await new Promise<void>((resolve, reject) => {
    worker!.on('error', reject);
    worker!.on('message', (m: { type: string; ids?: string[]; ats?: number[]; message?: string }) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'error') reject((failure = new Error(m.message)));
      else if (m.type === 'rx') m.ids!.forEach((id, k) => latencies.push(m.ats![k]! - (sent.get(id) ?? NaN)));
    });
  });
  const joinMs = performance.now() - joinStarted;
  const rssAfterJoin = process.memoryUsage().rss;

  // The events: a notification for a random user, committed one at a time at RATE per second (what the
  // triggers write when a hire moves), timed from sending the INSERT to the user's callback.
  const started = performance.now();
  for (let n = 0; n < EVENTS; n++) {
    const id = randomUUID();
    const user = users[Math.floor(Math.random() * users.length)]!;
    sent.set(id, performance.timeOrigin + performance.now());
    await db.query(`insert into app.notifications (id, user_id, kind, data) values ($1, $2, 'new_message', '{"count": 1}')`, [id, user]);
    const due = started + ((n + 1) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const deadline = Date.now() + 30_000;
  while (latencies.length < EVENTS && Date.now() < deadline) await sleep(20);
  if (failure) throw failure;
  const delivered = latencies.length;
  latencies.sort((a, b) => a - b);
  console.log(`notify (Postgres server): ${USERS} users connected, each on its private channel (joined in ${(joinMs / 1000).toFixed(1)} s)`);
  console.log(`  ${EVENTS} notifications at ${RATE}/s, ${delivered} delivered (${EVENTS - delivered} missing)`);
  console.log(`  event-to-bell p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  max ${latencies.at(-1)?.toFixed(1)} ms (target p99 <= 200 ms)`);
  console.log(`  this process (stack and the ${USERS} clients' thread) RSS after joining: ${Math.round(rssAfterJoin / 1048576)} MB`);
  if (delivered < EVENTS) process.exitCode = 1;

  // The outbox: each of those notifications queued an email (the bench users keep the default, instant).
  // The emails function (Deno) drains it into the stack's SMTP catcher, run after run as the scheduler would.
  const queued = (await db.query<{ n: number }>(`select count(*)::int n from app.email_outbox where status = 'pending'`)).rows[0]!.n;
  const drainStarted = performance.now();
  let runs = 0;
  for (;;) {
    const res = await fetch(`${ts.url}/functions/v1/emails/drain`, { method: 'POST', headers: { authorization: `Bearer ${ts.serviceRoleKey}`, apikey: ts.anonKey } });
    runs += 1;
    const body = (await res.json()) as { sent?: number };
    if (!res.ok) throw new Error(`drain answered ${res.status}: ${JSON.stringify(body)}`);
    if (!body.sent) break;
  }
  const drainMs = performance.now() - drainStarted;
  const outcome = (await db.query<{ status: string; n: number }>(`select status, count(*)::int n from app.email_outbox group by status`)).rows;
  const sentCount = outcome.find((r) => r.status === 'sent')?.n ?? 0;
  console.log(`  outbox: ${queued} emails queued by those notifications; drained in ${runs} run(s) of the emails function in ${(drainMs / 1000).toFixed(1)} s`);
  console.log(`  outbox drain rate: ${(sentCount / (drainMs / 1000)).toFixed(0)} emails/s rendered and accepted by SMTP (the stack's catcher, same process) — ${outcome.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  if (sentCount < queued) process.exitCode = 1;
} finally {
  await worker?.terminate();
  await ts.close();
}
process.exit();
