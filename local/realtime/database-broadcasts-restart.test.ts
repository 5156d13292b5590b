import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joined, realtimeClient, until, userToken } from '../../testkit/realtime.ts';
import { restartableClusterUnavailable, startRestartableCluster, type RestartableCluster } from '../../testkit/restartable-cluster.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Issue 31 item 2: after `pg_ctl restart -m fast` no broadcast from the database reached anyone (0 of 251),
// a new subscriber got none either, and nothing was logged. A private cluster, restarted for real.

type Message = { event: string; payload: { n?: number } };

const unavailable = restartableClusterUnavailable();
if (unavailable) console.warn(`skipping the Postgres restart test: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('broadcasts from the database across a Postgres restart', () => {
  let cluster: RestartableCluster;
  let ts: TestStack;
  const logs: string[] = [];
  const clients: SupabaseClient[] = [];
  const member = randomUUID();
  const topic = `room:${randomUUID()}`;

  beforeAll(async () => {
    cluster = await startRestartableCluster();
    ts = await startTestStack({ serverUrl: cluster.url, log: (l) => logs.push(l) });
    await ts.stack.ctx.db.exec(`
      create table public.rt_restart_members (room text not null, user_id uuid not null, primary key (room, user_id));
      grant select on public.rt_restart_members to authenticated;
      create policy rt_restart_read on realtime.messages for select to authenticated using (
        exists (select 1 from public.rt_restart_members m where m.room = (select realtime.topic()) and m.user_id = (select auth.uid())));
    `);
    await ts.stack.ctx.db.query('insert into public.rt_restart_members values ($1, $2)', [topic, member]);
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels().catch(() => undefined);
    await ts?.close().catch(() => undefined);
    await cluster?.stop();
  });

  async function subscribe(): Promise<Message[]> {
    const c = realtimeClient(ts);
    clients.push(c);
    await c.realtime.setAuth(userToken(ts, member));
    const channel: RealtimeChannel = c.channel(topic, { config: { private: true } });
    const got: Message[] = [];
    channel.on('broadcast', { event: 'note' }, (m: Message) => got.push(m));
    await joined(channel);
    return got;
  }

  /** realtime.send, retried until the database takes it (it is down for part of the restart); returns n once written. */
  async function send(n: number): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        await ts.stack.ctx.db.query(`select realtime.send(jsonb_build_object('n', $1::int), 'note', $2, true)`, [n, topic]);
        return n;
      } catch (e) {
        if (attempt > 300) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  it('delivers every message written before, during and after the restart, to old and new subscribers, and logs the reconnection', async () => {
    const early = await subscribe();
    await send(0);
    await until(() => early.length === 1, 10_000, 'the message before the restart');

    // Written while the server restarts: each is retried until the database acknowledges it.
    const during = Array.from({ length: 20 }, (_, i) => i + 1);
    const restarting = cluster.restart();
    const writes = during.map((n, i) => new Promise((r) => setTimeout(r, i * 25)).then(() => send(n)));
    await restarting;
    await Promise.all(writes);

    const after = Array.from({ length: 10 }, (_, i) => i + 100);
    for (const n of after) await send(n);
    const late = await subscribe();
    const afterLate = Array.from({ length: 5 }, (_, i) => i + 200);
    for (const n of afterLate) await send(n);

    const numbers = (got: Message[]) => got.map((m) => m.payload.n).sort((a, b) => a! - b!);
    const expected = [0, ...during, ...after, ...afterLate];
    await until(() => early.length >= expected.length, 30_000, `every message (got ${early.length} of ${expected.length})`).catch(() => undefined);
    console.log(
      `restart: ${early.length} of ${expected.length} messages reached the subscriber from before the restart; ` +
        `the new one got ${late.filter((m) => afterLate.includes(m.payload.n!)).length} of the ${afterLate.length} sent after it joined`,
    );
    expect(numbers(early)).toEqual(expected);
    // The new subscriber may also get messages from before it joined that were caught up on after it joined:
    // they are delivered when read, as hosted delivers what it reads from its WAL. Never one twice.
    await until(() => afterLate.every((n) => numbers(late).includes(n)), 10_000, 'the new subscriber').catch(() => undefined);
    expect(numbers(late)).toEqual(expect.arrayContaining(afterLate));
    expect(new Set(numbers(late)).size).toBe(late.length);
    expect(logs.some((l) => /LISTEN.*lost/i.test(l))).toBe(true);
    expect(logs.some((l) => /LISTEN.*restored/i.test(l))).toBe(true);
  }, 120_000);
});
