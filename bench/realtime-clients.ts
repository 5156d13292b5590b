// The subscribers of `npm run bench:realtime`, in child processes of their own: real clients live outside the
// server's process, and this way they neither share its event loop nor count in its memory. One supabase-js
// client (one websocket) per user, joined to the three channels the bench drives. Receive times are sent to
// the parent in batches; both processes read the same system clock (timeOrigin + now).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export interface BenchUser {
  id: string;
  token: string;
}

/** Which of the bench's channels a delivery came through. */
export type Path = 'changes' | 'feed' | 'notifications';

export type ToClients =
  | { type: 'connect'; url: string; anonKey: string; users: BenchUser[] }
  | { type: 'join' }
  | { type: 'stats' }
  | { type: 'exit' };

export type FromClients =
  | { type: 'connected' }
  | { type: 'joined' }
  | { type: 'rx'; path: Path; keys: (number | string)[]; ats: number[] }
  | { type: 'stats'; cpuMs: number; wallMs: number; loopDelayP99Ms: number; loopDelayMaxMs: number }
  | { type: 'error'; message: string };

export const FEED_TOPIC = 'bench:feed';
export const CHANGES_TABLE = 'bench_realtime';

const send = (m: FromClients) => process.send?.(m);
const now = () => performance.timeOrigin + performance.now();

const pending = new Map<Path, { keys: (number | string)[]; ats: number[] }>();
let flushScheduled = false;
function received(path: Path, key: number | string): void {
  const at = now();
  let batch = pending.get(path);
  if (!batch) pending.set(path, (batch = { keys: [], ats: [] }));
  batch.keys.push(key);
  batch.ats.push(at);
  if (!flushScheduled) {
    flushScheduled = true;
    // Batched so that reporting costs little next to receiving.
    setTimeout(() => {
      flushScheduled = false;
      for (const [p, b] of pending) send({ type: 'rx', path: p, keys: b.keys, ats: b.ats });
      pending.clear();
    }, 50);
  }
}

let clients: { user: BenchUser; client: SupabaseClient }[] = [];

async function connect(url: string, anonKey: string, users: BenchUser[]): Promise<void> {
  clients = users.map((user) => ({
    user,
    client: createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    }),
  }));
  for (const { user, client } of clients) {
    await client.realtime.setAuth(user.token);
    client.realtime.connect();
  }
  const deadline = Date.now() + 60_000;
  while (!clients.every(({ client }) => client.realtime.isConnected())) {
    if (Date.now() > deadline) throw new Error('websockets did not all open within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function joinOne({ user, client }: { user: BenchUser; client: SupabaseClient }): Promise<void> {
  const subscribed = (name: string, channel: ReturnType<SupabaseClient['channel']>, waitForChanges = false) =>
    new Promise<void>((resolve, reject) => {
      let joined = false;
      let changesOk = !waitForChanges;
      if (waitForChanges) {
        channel.on('system', {}, (p: { extension?: string; status?: string; message?: string }) => {
          if (p.extension !== 'postgres_changes') return;
          if (p.status !== 'ok') return reject(new Error(`${name}: ${p.message}`));
          changesOk = true;
          if (joined) resolve();
        });
      }
      channel.subscribe((status, err) => {
        if (status === 'SUBSCRIBED') {
          joined = true;
          if (changesOk) resolve();
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(`${name}: ${status}`));
      });
    });
  const changes = client
    .channel('bench-changes')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: CHANGES_TABLE }, (p) => received('changes', (p.new as { seq: number }).seq));
  const feed = client
    .channel(FEED_TOPIC, { config: { private: true } })
    .on('broadcast', { event: 'feed' }, (m) => received('feed', (m.payload as { seq: number }).seq));
  const notifications = client
    .channel(`notifications:${user.id}`, { config: { private: true } })
    .on('broadcast', { event: 'notification' }, (m) => received('notifications', (m.payload as { id: string }).id));
  return Promise.all([
    subscribed('postgres_changes', changes, true),
    subscribed(FEED_TOPIC, feed),
    subscribed('notifications', notifications),
  ]).then(() => undefined);
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let cpuStart = process.cpuUsage();
let wallStart = performance.now();

process.on('message', (m: ToClients) => {
  const run = async () => {
    if (m.type === 'connect') {
      await connect(m.url, m.anonKey, m.users);
      send({ type: 'connected' });
    } else if (m.type === 'join') {
      // In groups, as users arrive over time rather than in one instant.
      for (let i = 0; i < clients.length; i += 50) await Promise.all(clients.slice(i, i + 50).map(joinOne));
      loopDelay.enable();
      loopDelay.reset();
      cpuStart = process.cpuUsage();
      wallStart = performance.now();
      send({ type: 'joined' });
    } else if (m.type === 'stats') {
      const cpu = process.cpuUsage(cpuStart);
      send({
        type: 'stats',
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs: performance.now() - wallStart,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        loopDelayMaxMs: loopDelay.max / 1e6,
      });
    } else if (m.type === 'exit') {
      process.exit(0);
    }
  };
  run().catch((e: unknown) => send({ type: 'error', message: String((e as Error)?.message ?? e) }));
});
process.on('disconnect', () => process.exit(0));
