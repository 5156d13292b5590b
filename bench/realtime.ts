// `npm run bench:realtime` (issue 19, item 3): 1,000 subscribers, commit-to-client latency of postgres_changes
// and of Broadcast from the database on private channels, and memory per idle socket. Prints figures against
// the targets and exits non-zero on a miss; not a test (timings are noisy on a shared machine).
//   BENCH_SUBSCRIBERS (1000), BENCH_RATE changes/s (10), BENCH_CHANGES per path (100),
//   BENCH_NOTIFY_RATE (50), BENCH_NOTIFICATIONS (500), BENCH_PATHS (changes,feed,notifications),
//   BENCH_CLIENT_PROCESSES (one per core); DATABASE_URL selects a Postgres server, else PGlite.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { signJwt } from '../local/jwt.ts';
import { startTestStack } from '../testkit/test-stack.ts';
import type { BenchUser, FromClients, Path, ToClients } from './realtime-clients.ts';
import { CHANGES_TABLE, FEED_TOPIC } from './realtime-clients.ts';
import { collectGarbage } from './realtime-gc.ts';

export interface RealtimeBenchOptions {
  databaseUrl?: string;
  subscribers?: number;
  /** Commits per postgres_changes and per feed run. */
  changes?: number;
  /** Their rate: each reaches every subscriber. */
  ratePerSecond?: number;
  /** Notifications (one user each, on their private channel) and their rate. */
  notifications?: number;
  notifyRatePerSecond?: number;
  /** Child processes the clients are spread over (one per core by default). */
  clientProcesses?: number;
  /** Which paths to drive (all by default); the others print as not run. */
  paths?: Path[];
}

export interface Latency {
  /** Deliveries expected and measured. */
  expected: number;
  delivered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface RealtimeBenchResult {
  subscribers: number;
  /** postgres_changes commits; p50/p99 are theirs (what bench:stack prints). */
  messages: number;
  p50: number;
  p99: number;
  changes: Latency;
  feed: Latency;
  notifications: Latency;
  memory: {
    /** Stack process RSS growth per open idle websocket, and per socket once joined to its three channels. */
    rssPerSocketKb: number;
    rssPerJoinedSocketKb: number;
    heapPerSocketKb: number;
    heapPerJoinedSocketKb: number;
  };
  /** Event-loop delay of the stack's process and of the clients' process while changes flowed. */
  stackLoopDelayP99Ms: number;
  clients: { processes: number; cpuPercent: number; loopDelayP99Ms: number; loopDelayMaxMs: number };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

const SETUP_SQL = `
  create table public.${CHANGES_TABLE} (
    id bigint generated always as identity primary key,
    seq int not null,
    author uuid not null,
    body text not null,
    created_at timestamptz not null default now()
  );
  alter table public.${CHANGES_TABLE} enable row level security;
  create policy bench_realtime_read on public.${CHANGES_TABLE} for select to authenticated
    using ((select auth.uid()) is not null);
  grant select on public.${CHANGES_TABLE} to authenticated;
  alter publication supabase_realtime add table public.${CHANGES_TABLE};

  -- What hosted recommends at scale: a trigger broadcasts each row on a private topic (realtime.send), and
  -- the topic's readers are decided once, at join, by RLS on realtime.messages.
  create table public.bench_feed (
    id bigint generated always as identity primary key,
    seq int not null,
    body text not null,
    created_at timestamptz not null default now()
  );
  create function public.bench_feed_broadcast() returns trigger
  language plpgsql security definer set search_path = ''
  as $$
  begin
    perform realtime.send(pg_catalog.jsonb_build_object('seq', new.seq, 'body', new.body, 'created_at', new.created_at),
      'feed', '${FEED_TOPIC}', true);
    return null;
  end
  $$;
  create trigger bench_feed_broadcast after insert on public.bench_feed
    for each row execute function public.bench_feed_broadcast();
  create policy bench_feed_read on realtime.messages for select to authenticated
    using ((select realtime.topic()) = '${FEED_TOPIC}' and extension = 'broadcast' and (select auth.uid()) is not null);
`;

/** The users: auth users whose sign-up trigger creates their profiles (notifications reference them). */
const USERS_SQL = `
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
    raw_user_meta_data, created_at, updated_at)
  select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
    'rt' || i || '@bench.test', '', now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
    jsonb_build_object('username', 'rt_bench_' || i, 'full_name', 'Realtime Bench ' || i), now(), now()
  from generate_series(1, $1) i
  returning id`;

/** One child process of clients. */
class ClientProcess {
  readonly child: ChildProcess;
  #waiters = new Map<string, (m: FromClients) => void>();

  constructor(onRx: (m: Extract<FromClients, { type: 'rx' }>) => void, onFailure: (e: Error) => void) {
    this.child = fork(fileURLToPath(new URL('./realtime-clients.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: FromClients) => {
      if (m.type === 'rx') onRx(m);
      else if (m.type === 'error') {
        onFailure(new Error(`clients: ${m.message}`));
        for (const w of this.#waiters.values()) w(m);
      } else this.#waiters.get(m.type)?.(m);
    });
    this.child.on('exit', (code) => {
      const message = `clients' process exited (${code})`;
      onFailure(new Error(message));
      for (const w of this.#waiters.values()) w({ type: 'error', message });
    });
  }

  request<T extends FromClients['type']>(m: ToClients, answer: T): Promise<Extract<FromClients, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.#waiters.set(answer, (r) => {
        this.#waiters.delete(answer);
        if (r.type === 'error') reject(new Error(r.message));
        else resolve(r as Extract<FromClients, { type: T }>);
      });
      this.child.send(m);
    });
  }

  close(): void {
    this.child.removeAllListeners('exit');
    if (this.child.connected) this.child.send({ type: 'exit' } satisfies ToClients);
    this.child.kill();
  }
}

/**
 * The subscribers, spread over one child process per core: in one process, the last of a fan-out's 1,000
 * frames waited for the client code of the 999 before it (supabase-js handles one message at a time), which
 * is the clients' queue, not the stack's latency. 1,000 browsers each handle their own.
 */
class Clients {
  readonly processes: ClientProcess[];
  readonly sent = new Map<Path, Map<number | string, number>>([
    ['changes', new Map()],
    ['feed', new Map()],
    ['notifications', new Map()],
  ]);
  readonly latencies = new Map<Path, number[]>([
    ['changes', []],
    ['feed', []],
    ['notifications', []],
  ]);
  failure: Error | undefined;

  constructor(count: number) {
    const onRx = (m: Extract<FromClients, { type: 'rx' }>) => {
      const sent = this.sent.get(m.path)!;
      const out = this.latencies.get(m.path)!;
      m.keys.forEach((k, i) => {
        const at = sent.get(k);
        if (at !== undefined) out.push(m.ats[i]! - at);
      });
    };
    this.processes = Array.from({ length: count }, () => new ClientProcess(onRx, (e) => (this.failure ??= e)));
  }

  async connect(url: string, anonKey: string, users: BenchUser[]): Promise<void> {
    const n = this.processes.length;
    await Promise.all(
      this.processes.map((p, k) => p.request({ type: 'connect', url, anonKey, users: users.filter((_, i) => i % n === k) }, 'connected')),
    );
  }

  async join(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.request({ type: 'join' }, 'joined')));
  }

  /** CPU summed over the processes (in % of one core); loop delays of the worst process. */
  async stats(): Promise<{ cpuPercent: number; loopDelayP99Ms: number; loopDelayMaxMs: number }> {
    const all = await Promise.all(this.processes.map((p) => p.request({ type: 'stats' }, 'stats')));
    return {
      cpuPercent: all.reduce((sum, s) => sum + (s.cpuMs / s.wallMs) * 100, 0),
      loopDelayP99Ms: Math.max(...all.map((s) => s.loopDelayP99Ms)),
      loopDelayMaxMs: Math.max(...all.map((s) => s.loopDelayMaxMs)),
    };
  }

  close(): void {
    for (const p of this.processes) p.close();
  }
}

async function stackMemory(): Promise<{ rss: number; heap: number }> {
  await collectGarbage();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

/**
 * Commits `count` writes at `rate` per second, on a fixed schedule (a slow commit does not slow the
 * offered rate), timing each from sending its INSERT; waits for every expected delivery or 30 s.
 */
async function drive(
  clients: Clients,
  path: Path,
  count: number,
  rate: number,
  perWrite: number,
  keyOf: (n: number) => number | string,
  write: (key: number | string) => Promise<unknown>,
): Promise<Latency> {
  const sent = clients.sent.get(path)!;
  const latencies = clients.latencies.get(path)!;
  // Warm-up: plans are cached and the first writes pay for it; not measured.
  for (let k = -5; k < 0; k++) await write(keyOf(k));
  await sleep(1000);
  latencies.length = 0;
  const started = performance.now();
  const inFlight: Promise<unknown>[] = [];
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    // Recorded before the write: a delivery may be reported before the INSERT's own answer is read.
    const key = keyOf(n);
    sent.set(key, now());
    inFlight.push(write(key));
  }
  await Promise.all(inFlight);
  const expected = count * perWrite;
  const deadline = Date.now() + 30_000;
  while (latencies.length < expected && Date.now() < deadline && !clients.failure) await sleep(50);
  if (clients.failure) throw clients.failure;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    expected,
    delivered: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

export async function benchRealtime(opts: RealtimeBenchOptions = {}): Promise<RealtimeBenchResult> {
  const subscribers = opts.subscribers ?? 100;
  const changes = opts.changes ?? 100;
  const rate = opts.ratePerSecond ?? 10;
  const notificationCount = opts.notifications ?? 500;
  const notifyRate = opts.notifyRatePerSecond ?? 50;
  const previous = process.env.DATABASE_URL;
  if (opts.databaseUrl) process.env.DATABASE_URL = opts.databaseUrl;
  else delete process.env.DATABASE_URL;
  const ts = await startTestStack().finally(() => {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  });
  let clients: Clients | undefined;
  try {
    const db = ts.stack.ctx.db;
    await db.exec(SETUP_SQL);
    const ids = (await db.query<{ id: string }>(USERS_SQL, [subscribers])).rows.map((r) => r.id);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const users: BenchUser[] = ids.map((id) => ({ id, token: signJwt({ role: 'authenticated', sub: id, exp }, ts.config.jwtSecret) }));

    clients = new Clients(opts.clientProcesses ?? availableParallelism());
    const before = await stackMemory();
    await clients.connect(ts.url, ts.anonKey, users);
    await sleep(500);
    const connected = await stackMemory();
    await clients.join();
    await sleep(500);
    const joined = await stackMemory();
    const perSocketKb = (a: number, b: number) => (b - a) / subscribers / 1024;

    const stackLoop = monitorEventLoopDelay({ resolution: 10 });
    stackLoop.enable();
    const author = randomUUID();
    const paths = new Set<Path>(opts.paths ?? ['changes', 'feed', 'notifications']);
    const skipped: Latency = { expected: 0, delivered: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN };
    const run = (path: Path, ...args: Parameters<typeof drive> extends [Clients, Path, ...infer R] ? R : never) =>
      paths.has(path) ? drive(clients!, path, ...args) : Promise.resolve(skipped);
    const insertChange = (seq: number | string) =>
      db.query(`insert into public.${CHANGES_TABLE} (seq, author, body) values ($1, $2, $3)`, [seq, author, `change ${seq}`]);
    const insertFeed = (seq: number | string) => db.query('insert into public.bench_feed (seq, body) values ($1, $2)', [seq, `change ${seq}`]);
    const insertNotification = (id: number | string) =>
      db.query(`insert into app.notifications (id, user_id, kind, data) values ($1, $2, 'new_message', '{"count": 1}')`, [
        id,
        ids[Math.floor(Math.random() * ids.length)]!,
      ]);
    const changeLatency = await run('changes', changes, rate, subscribers, (n) => n, insertChange);
    const feedLatency = await run('feed', changes, rate, subscribers, (n) => n, insertFeed);
    const notifyLatency = await run('notifications', notificationCount, notifyRate, 1, () => randomUUID(), insertNotification);
    stackLoop.disable();
    const clientStats = await clients.stats();
    return {
      subscribers,
      messages: changes,
      p50: changeLatency.p50,
      p99: changeLatency.p99,
      changes: changeLatency,
      feed: feedLatency,
      notifications: notifyLatency,
      memory: {
        rssPerSocketKb: perSocketKb(before.rss, connected.rss),
        rssPerJoinedSocketKb: perSocketKb(before.rss, joined.rss),
        heapPerSocketKb: perSocketKb(before.heap, connected.heap),
        heapPerJoinedSocketKb: perSocketKb(before.heap, joined.heap),
      },
      stackLoopDelayP99Ms: stackLoop.percentile(99) / 1e6,
      clients: { processes: clients.processes.length, ...clientStats },
    };
  } finally {
    clients?.close();
    await ts.close();
  }
}

const TARGET_P99_MS = 100;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
  const rate = Number(process.env.BENCH_RATE ?? 10);
  const notifyRate = Number(process.env.BENCH_NOTIFY_RATE ?? 50);
  const r = await benchRealtime({
    databaseUrl,
    subscribers,
    changes: Number(process.env.BENCH_CHANGES ?? 100),
    ratePerSecond: rate,
    notifications: Number(process.env.BENCH_NOTIFICATIONS ?? 500),
    notifyRatePerSecond: notifyRate,
    clientProcesses: process.env.BENCH_CLIENT_PROCESSES ? Number(process.env.BENCH_CLIENT_PROCESSES) : undefined,
    paths: process.env.BENCH_PATHS ? (process.env.BENCH_PATHS.split(',') as Path[]) : undefined,
  });
  const f = (n: number) => n.toFixed(1);
  let missed = false;
  const line = (label: string, l: Latency) => {
    if (!l.expected) return console.log(`  ${label}: not run`);
    const ok = l.delivered === l.expected && l.p99 <= TARGET_P99_MS;
    if (!ok) missed = true;
    console.log(
      `  ${label}: ${l.delivered}/${l.expected} delivered, p50 ${f(l.p50)} ms  p95 ${f(l.p95)} ms  p99 ${f(l.p99)} ms  max ${f(l.max)} ms ` +
        `(target p99 <= ${TARGET_P99_MS} ms, all delivered): ${ok ? 'met' : 'MISSED'}`,
    );
  };
  console.log(`realtime (${databaseUrl ? 'Postgres server' : 'PGlite'}): ${r.subscribers} subscribers, one websocket each (supabase-js, in ${r.clients.processes} child process(es))`);
  console.log(`commit-to-client, from sending the INSERT to the client's callback:`);
  line(`postgres_changes, ${r.messages} inserts at ${rate}/s, each to every subscriber (RLS per subscriber)`, r.changes);
  line(`Broadcast from the database, private topic, ${r.messages} inserts at ${rate}/s, each to every subscriber`, r.feed);
  line(`Broadcast from the database, notifications:<user> private channels, ${r.notifications.expected} at ${notifyRate}/s`, r.notifications);
  const m = r.memory;
  console.log(
    `memory per idle socket (stack process, after GC): RSS ${f(m.rssPerSocketKb)} kB (heap+external ${f(m.heapPerSocketKb)} kB); ` +
      `joined to its 3 channels: RSS ${f(m.rssPerJoinedSocketKb)} kB (heap+external ${f(m.heapPerJoinedSocketKb)} kB)`,
  );
  console.log(
    `event-loop delay p99 while writes flowed: stack ${f(r.stackLoopDelayP99Ms)} ms; clients' processes ${f(r.clients.loopDelayP99Ms)} ms ` +
      `(max ${f(r.clients.loopDelayMaxMs)} ms; their CPU ${f(r.clients.cpuPercent)}% of a core)`,
  );
  process.exit(missed ? 1 : 0);
}
