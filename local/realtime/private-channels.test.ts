import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joined, joinRefusal, RawSocket, realtimeClient, serveRealtime, until, userToken } from '../../testkit/realtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

type Message = { type: string; event: string; payload: Record<string, unknown>; meta?: Record<string, unknown> };

let ts: TestStack;
const clients: SupabaseClient[] = [];

/** The policies a project would write: room members read (presence only when flagged), writers send. */
const POLICIES = `
  create table public.rt_members (
    room text not null, user_id uuid not null, can_write boolean not null default false,
    presence boolean not null default false, primary key (room, user_id)
  );
  grant select on public.rt_members to authenticated;
  create policy rt_members_read on realtime.messages for select to authenticated using (
    exists (select 1 from public.rt_members m
             where m.room = (select realtime.topic()) and m.user_id = (select auth.uid())
               and (messages.extension = 'broadcast' or m.presence)));
  create policy rt_members_write on realtime.messages for insert to authenticated with check (
    exists (select 1 from public.rt_members m
             where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()) and m.can_write
               and (messages.extension = 'broadcast' or m.presence)));
  -- Presence, and nothing else, on presence-only:* topics.
  create policy rt_presence_only_read on realtime.messages for select to authenticated
    using ((select realtime.topic()) like 'presence-only:%' and messages.extension = 'presence');
  create policy rt_presence_only_write on realtime.messages for insert to authenticated
    with check ((select realtime.topic()) like 'presence-only:%' and messages.extension = 'presence');
  -- Raises (invalid cast) for claims whose "level" is not a number.
  create policy rt_level_read on realtime.messages for select to authenticated
    using ((select realtime.topic()) like 'level:%' and (auth.jwt() ->> 'level')::int >= 0);
`;

const unauthorized = (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

async function client(opts: { token?: string; url?: string; vsn?: '1.0.0' | '2.0.0' } = {}): Promise<SupabaseClient> {
  const c = realtimeClient(ts, { url: opts.url, vsn: opts.vsn });
  clients.push(c);
  if (opts.token) await c.realtime.setAuth(opts.token);
  return c;
}

/** A new room with these members; returns its topic. */
async function room(members: { user: string; write?: boolean; presence?: boolean }[]): Promise<string> {
  const topic = `room:${randomUUID()}`;
  for (const m of members) {
    await ts.stack.ctx.db.query('insert into public.rt_members (room, user_id, can_write, presence) values ($1, $2, $3, $4)', [
      topic,
      m.user,
      m.write ?? false,
      m.presence ?? false,
    ]);
  }
  return topic;
}

function collect(channel: RealtimeChannel): Message[] {
  const got: Message[] = [];
  channel.on('broadcast', { event: '*' }, (m: Message) => got.push(m));
  return got;
}

/** Presence enabled at join, as supabase-js does when the channel listens to presence. */
function withPresence(channel: RealtimeChannel): RealtimeChannel {
  return channel.on('presence', { event: 'sync' }, () => undefined);
}

beforeAll(async () => {
  ts = await startTestStack();
  await ts.stack.ctx.db.exec(POLICIES);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels().catch(() => undefined);
  await ts?.close();
});

describe('joining a private channel', () => {
  it('admits a user the read policy admits, refuses others and anon with hosted reason; members then exchange broadcasts', async () => {
    const writer = randomUUID();
    const reader = randomUUID();
    const topic = await room([{ user: writer, write: true }, { user: reader }]);

    const w = (await client({ token: userToken(ts, writer) })).channel(topic, { config: { private: true, broadcast: { self: true } } });
    const wGot = collect(w);
    await joined(w);
    const r = (await client({ token: userToken(ts, reader), vsn: '1.0.0' })).channel(topic, { config: { private: true } });
    const rGot = collect(r);
    await joined(r);

    const outsider = (await client({ token: userToken(ts) })).channel(topic, { config: { private: true } });
    expect(await joinRefusal(outsider)).toBe(unauthorized(topic));
    const anon = (await client()).channel(topic, { config: { private: true } });
    expect(await joinRefusal(anon)).toBe(unauthorized(topic));

    expect(await w.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } })).toBe('ok');
    await until(() => rGot.length === 1 && wGot.length === 1, 5_000, 'the broadcast');
    expect(rGot[0]).toMatchObject({ type: 'broadcast', event: 'hello', payload: { n: 1 } });
  });

  it('refuses a join when a policy raises, and admits the same topic for claims it accepts', async () => {
    const topic = `level:${randomUUID()}`;
    const bad = (await client({ token: userToken(ts, randomUUID(), { level: 'high' }) })).channel(topic, { config: { private: true } });
    expect(await joinRefusal(bad)).toBe(unauthorized(topic));
    const good = (await client({ token: userToken(ts, randomUUID(), { level: 3 }) })).channel(topic, { config: { private: true } });
    await joined(good);
  });

  it('lets service_role join any private channel (it bypasses RLS)', async () => {
    const topic = `room:${randomUUID()}`;
    const ch = (await client({ token: ts.serviceRoleKey })).channel(topic, { config: { private: true } });
    await joined(ch);
  });

  it('leaves public channels alone and keeps them apart from the private channel of the same name', async () => {
    const writer = randomUUID();
    const topic = await room([{ user: writer, write: true }]);
    const priv = (await client({ token: userToken(ts, writer) })).channel(topic, { config: { private: true, broadcast: { self: true } } });
    const privGot = collect(priv);
    await joined(priv);
    const pub = (await client()).channel(topic, { config: { broadcast: { self: true } } });
    const pubGot = collect(pub);
    await joined(pub);

    await priv.send({ type: 'broadcast', event: 'private-1', payload: {} });
    await until(() => privGot.length === 1, 5_000, 'private-1');
    // Sent after private-1 was fanned out: had the public channel got private-1, it would come first.
    await pub.send({ type: 'broadcast', event: 'public-1', payload: {} });
    await until(() => pubGot.length === 1, 5_000, 'public-1');
    await priv.send({ type: 'broadcast', event: 'private-2', payload: {} });
    await until(() => privGot.length === 2, 5_000, 'private-2');
    expect(pubGot.map((m) => m.event)).toEqual(['public-1']);
    expect(privGot.map((m) => m.event)).toEqual(['private-1', 'private-2']);
  });

  it('refuses public channels when public access is off, and still admits private ones', async () => {
    const served = await serveRealtime(ts, { privateOnly: true });
    const here: SupabaseClient[] = [];
    try {
      const writer = randomUUID();
      const topic = await room([{ user: writer }]);
      here.push(await client({ url: served.url }), await client({ url: served.url, token: userToken(ts, writer) }));
      expect(await joinRefusal(here[0]!.channel(topic))).toBe('PrivateOnly: This project only allows private channels');
      await joined(here[1]!.channel(topic, { config: { private: true } }));
    } finally {
      for (const c of here) await c.removeAllChannels().catch(() => undefined);
      await served.close();
    }
  });
});

describe('sending on a private channel', () => {
  it('drops a broadcast the insert policy refuses, without a reply even when acks were asked for', async () => {
    const writer = randomUUID();
    const reader = randomUUID();
    const topic = await room([{ user: writer, write: true }, { user: reader }]);
    const w = (await client({ token: userToken(ts, writer) })).channel(topic, { config: { private: true, broadcast: { self: true, ack: true } } });
    const wGot = collect(w);
    await joined(w);

    const s = await RawSocket.open(ts);
    const join = s.send('j1', `realtime:${topic}`, 'phx_join', { config: { private: true, broadcast: { ack: true } }, access_token: userToken(ts, reader) });
    expect((await s.reply(join))[4]).toMatchObject({ status: 'ok' });
    const refused = s.send('j1', `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'refused', payload: {} });
    // Frames of a socket are handled in order: once the heartbeat is answered the broadcast was handled.
    await s.reply(s.send(null, 'phoenix', 'heartbeat', {}));
    expect(s.frames.some((f) => f[1] === refused)).toBe(false);

    expect(await w.send({ type: 'broadcast', event: 'allowed', payload: {} })).toBe('ok');
    await until(() => wGot.length === 1, 5_000, 'the allowed broadcast');
    expect(wGot.map((m) => m.event)).toEqual(['allowed']);
    await s.waitFor((f) => f[3] === 'broadcast');
    expect(s.frames.filter((f) => f[3] === 'broadcast').map((f) => f[4].event)).toEqual(['allowed']);
    s.close();
  });
});

describe('presence on a private channel', () => {
  it('lets members with presence rights track and see each other, and refuses track to one without', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const reader = randomUUID();
    const topic = await room([
      { user: a, write: true, presence: true },
      { user: b, write: true, presence: true },
      { user: reader, write: true },
    ]);
    const chA = withPresence((await client({ token: userToken(ts, a) })).channel(topic, { config: { private: true, presence: { key: 'a' } } }));
    await joined(chA);
    const chB = withPresence((await client({ token: userToken(ts, b) })).channel(topic, { config: { private: true, presence: { key: 'b' } } }));
    await joined(chB);
    const chR = withPresence((await client({ token: userToken(ts, reader) })).channel(topic, { config: { private: true, presence: { key: 'r' } } }));
    await joined(chR);

    expect(await chA.track({ who: 'a' })).toBe('ok');
    await until(() => 'a' in chB.presenceState(), 5_000, "b seeing a's presence");
    // The reader may read broadcasts but not presence: its track is refused, and it was sent no diff
    // (the refusal is answered after a's track was fanned out, on the same socket as any diff).
    expect(await chR.track({ who: 'r' })).toBe('error');
    expect(chR.presenceState()).toEqual({});
    expect(Object.keys(chA.presenceState())).toEqual(['a']);
  });

  it('admits a presence-only channel when presence is enabled, never sends it broadcasts, refuses it without presence', async () => {
    const topic = `presence-only:${randomUUID()}`;
    const user = randomUUID();
    const noPresence = (await client({ token: userToken(ts, user) })).channel(topic, { config: { private: true } });
    expect(await joinRefusal(noPresence)).toBe(unauthorized(topic));

    const ch = withPresence((await client({ token: userToken(ts, user) })).channel(topic, { config: { private: true } }));
    const got = collect(ch);
    await joined(ch);
    expect(await ch.send({ type: 'broadcast', event: 'refused', payload: {} })).toBe('ok');

    const admin = withPresence((await client({ token: ts.serviceRoleKey })).channel(topic, { config: { private: true, presence: { key: 'admin' } } }));
    await joined(admin);
    await admin.send({ type: 'broadcast', event: 'not-for-presence-only', payload: {} });
    // The diff of this track follows the broadcast on every socket.
    expect(await admin.track({ admin: true })).toBe('ok');
    await until(() => 'admin' in ch.presenceState(), 5_000, "the admin's presence");
    expect(got).toEqual([]);
  });
});

describe('a refreshed token on a private channel', () => {
  it('closes the channel when the new claims may no longer read the topic', async () => {
    const user = randomUUID();
    const topic = await room([{ user }]);
    const c = await client({ token: userToken(ts, user) });
    const ch = c.channel(topic, { config: { private: true } });
    const system: { status?: string; message?: string }[] = [];
    ch.on('system', {}, (p: { status?: string; message?: string }) => system.push(p));
    await joined(ch);
    await ts.stack.ctx.db.query('delete from public.rt_members where room = $1', [topic]);
    await c.realtime.setAuth(userToken(ts, user, { refreshed: 1 }));
    await until(() => system.some((p) => p.status === 'error'), 5_000, 'the shutdown');
    expect(system.find((p) => p.status === 'error')?.message).toBe(`You do not have permissions to read from this Channel topic: ${topic}`);
  });

  it('closes the channel when one of its reads was revoked', async () => {
    const user = randomUUID();
    const topic = await room([{ user, presence: true }]);
    const c = await client({ token: userToken(ts, user) });
    const ch = withPresence(c.channel(topic, { config: { private: true } }));
    const system: { status?: string; message?: string }[] = [];
    ch.on('system', {}, (p: { status?: string; message?: string }) => system.push(p));
    await joined(ch);
    await ts.stack.ctx.db.query('update public.rt_members set presence = false where room = $1', [topic]);
    await c.realtime.setAuth(userToken(ts, user, { refreshed: 1 }));
    await until(() => system.some((p) => p.status === 'error'), 5_000, 'the shutdown');
    expect(system.find((p) => p.status === 'error')?.message).toBe(`You no longer have permission to read from this Channel topic: ${topic}`);
  });
});
