// Realtime latency: 100 supabase-js subscribers (authenticated, RLS-checked) on one table, commit-to-client.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { signJwt } from '../local/jwt.ts';
import { startTestStack } from '../testkit/test-stack.ts';

export interface RealtimeBenchOptions {
  databaseUrl?: string;
  subscribers?: number;
  inserts?: number;
  /** Pause between commits; changes arrive as an app's writes do, not as one bulk load. */
  intervalMs?: number;
}

export interface RealtimeBenchResult {
  subscribers: number;
  /** Changes committed; each must reach every subscriber. */
  messages: number;
  p50: number;
  p99: number;
}

/** The subscribers: one supabase-js client per token, reporting receive times in batches. */
const CLIENTS_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { createClient } = require(workerData.supabasePath);
const WebSocket = require(workerData.wsPath);
let seqs = [], ats = [], flushing = false;
function flush() { flushing = false; parentPort.postMessage({ type: 'rx', seqs, ats }); seqs = []; ats = []; }
(async () => {
  const ready = workerData.tokens.map((token, i) => new Promise(async (resolve, reject) => {
    const client = createClient(workerData.url, workerData.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket },
    });
    await client.realtime.setAuth(token);
    const channel = client.channel('bench-' + i);
    channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_realtime' }, (p) => {
      seqs.push(p.new.seq);
      ats.push(performance.timeOrigin + performance.now());
      if (!flushing) { flushing = true; setImmediate(flush); }
    });
    channel.on('system', {}, (p) => {
      if (p.extension !== 'postgres_changes') return;
      if (p.status === 'ok') resolve(); else reject(new Error(p.message));
    });
    channel.subscribe((status, err) => {
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err || new Error(status));
    });
  }));
  await Promise.all(ready);
  parentPort.postMessage({ type: 'ready' });
})().catch((e) => parentPort.postMessage({ type: 'error', message: String(e && e.message || e) }));
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a stack over a scratch database (PGlite, or a scratch database on `databaseUrl`), creates a table in
 * the publication with an RLS policy, subscribes N clients as distinct authenticated users, commits the
 * inserts one by one and measures, per subscriber and change, the time from sending the autocommit INSERT
 * to the client's callback (so it includes the commit itself).
 */
export async function benchRealtime(opts: RealtimeBenchOptions = {}): Promise<RealtimeBenchResult> {
  const subscribers = opts.subscribers ?? 100;
  const inserts = opts.inserts ?? 200;
  const intervalMs = opts.intervalMs ?? 10;
  const previous = process.env.DATABASE_URL;
  if (opts.databaseUrl) process.env.DATABASE_URL = opts.databaseUrl;
  else delete process.env.DATABASE_URL;
  const ts = await startTestStack().finally(() => {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  });
  let worker: Worker | undefined;
  try {
    const db = ts.stack.ctx.db;
    await db.exec(`
      create table public.bench_realtime (
        id bigint generated always as identity primary key,
        seq int not null,
        author uuid not null,
        body text not null,
        created_at timestamptz not null default now()
      );
      alter table public.bench_realtime enable row level security;
      create policy bench_realtime_read on public.bench_realtime for select to authenticated
        using ((select auth.uid()) is not null);
      grant select on public.bench_realtime to authenticated;
      alter publication supabase_realtime add table public.bench_realtime;
    `);

    // The clients run on their own thread, as real clients are not in the server's process; times are
    // compared on the shared clock (timeOrigin + now).
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const tokens = Array.from({ length: subscribers }, () =>
      signJwt({ role: 'authenticated', sub: randomUUID(), exp }, ts.config.jwtSecret),
    );
    const require = createRequire(import.meta.url);
    worker = new Worker(CLIENTS_WORKER, {
      eval: true,
      workerData: {
        url: ts.url,
        anonKey: ts.anonKey,
        tokens,
        supabasePath: require.resolve('@supabase/supabase-js'),
        wsPath: require.resolve('ws'),
      },
    });
    const sent: number[] = [];
    const latencies: number[] = [];
    let received = 0;
    let failure: Error | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      worker!.on('error', reject);
      worker!.on('message', (m: { type: string; seqs?: number[]; ats?: number[]; message?: string }) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'error') reject((failure = new Error(m.message)));
        else if (m.type === 'rx') {
          m.seqs!.forEach((seq, k) => latencies.push(m.ats![k]! - sent[seq]!));
          received += m.seqs!.length;
        }
      });
    });
    await ready;

    const author = randomUUID();
    for (let seq = 0; seq < inserts; seq++) {
      sent[seq] = performance.timeOrigin + performance.now();
      await db.query('insert into public.bench_realtime (seq, author, body) values ($1, $2, $3)', [seq, author, `change ${seq}`]);
      if (intervalMs) await sleep(intervalMs);
    }
    const expected = inserts * subscribers;
    const deadline = Date.now() + 30_000;
    while (received < expected && Date.now() < deadline) await sleep(20);
    if (failure) throw failure;
    if (received < expected) throw new Error(`only ${received} of ${expected} deliveries arrived`);
    latencies.sort((a, b) => a - b);
    return { subscribers, messages: inserts, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await worker?.terminate();
    await ts.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const r = await benchRealtime({ databaseUrl, subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 100) });
  console.log(
    `realtime (${databaseUrl ? 'Postgres server' : 'PGlite'}): ${r.subscribers} subscribers, ${r.messages} changes, ` +
      `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (target p99 <= 50 ms)`,
  );
  process.exit(0);
}
