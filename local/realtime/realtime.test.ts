import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { createRealtimeService } from './index.ts';
import { RawSocket, realtimeClient, subscribed, until, userToken } from '../../testkit/realtime.ts';

type Item = { id: number; owner: string; title: string; n: number; tags: string[]; done: boolean; meta: unknown };
type Change = RealtimePostgresChangesPayload<Item>;

let ts: TestStack;
const clients: SupabaseClient[] = [];
const alice = randomUUID();
const bob = randomUUID();

function client(opts: Parameters<typeof realtimeClient>[1]): SupabaseClient {
  const c = realtimeClient(ts, opts);
  clients.push(c);
  return c;
}

async function sql(text: string): Promise<void> {
  await ts.stack.ctx.db.exec(text);
}

/** A client subscribed to rt_items with the given binding; returns the changes it receives. */
async function listen(token: string, binding: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {}, vsn?: '1.0.0' | '2.0.0') {
  const changes: Change[] = [];
  const c = client({ token, vsn });
  const channel = c.channel(`items-${randomUUID()}`);
  channel.on('postgres_changes', { event: (binding.event ?? '*') as '*', schema: 'public', table: 'rt_items', ...(binding.filter ? { filter: binding.filter } : {}) }, (p: Change) => changes.push(p));
  await subscribed(channel);
  return { changes, channel, client: c };
}

beforeAll(async () => {
  ts = await startTestStack();
  // Created after the stack started: the first join on it exercises the "install missing capture" path.
  await sql(`
    create table public.rt_items (
      id serial primary key, owner uuid not null, title text not null, n int not null default 0,
      tags text[] not null default '{}', done boolean not null default false, meta jsonb
    );
    alter table public.rt_items enable row level security;
    create policy rt_items_owner on public.rt_items for select to authenticated using (owner = auth.uid());
    grant select on public.rt_items to authenticated;
    alter publication supabase_realtime add table public.rt_items;
    create table public.rt_open (id int primary key, body text);
    alter publication supabase_realtime add table public.rt_open;
    create table public.rt_unpublished (id int primary key);
    create table public.rt_secret (id int primary key, body text);
    revoke all on public.rt_secret from anon;
    grant select on public.rt_secret to authenticated;
    alter table public.rt_secret enable row level security;
    -- Errors (invalid cast) for claims whose "level" is not a number; true for numeric levels.
    create policy rt_secret_level on public.rt_secret for select to authenticated using ((auth.jwt() ->> 'level')::int >= 0);
    alter publication supabase_realtime add table public.rt_secret;
  `);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels().catch(() => undefined);
  await ts?.close();
});

describe('connection', () => {
  const connect = (key?: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const q = key === undefined ? '' : `apikey=${encodeURIComponent(key)}&`;
      const ws = new WebSocket(`${ts.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${q}vsn=2.0.0`, { headers });
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });

  it('refuses a missing or wrong apikey and accepts anon/service_role keys from query or x-api-key', async () => {
    expect(await connect()).toBe(401);
    expect(await connect('not-a-key')).toBe(401);
    expect(await connect(signJwt({ role: 'anon', exp: 9999999999 }, 'another-secret-another-secret-another-secret'))).toBe(401);
    expect(await connect(ts.anonKey)).toBe(101);
    expect(await connect(ts.serviceRoleKey)).toBe(101);
    expect(await connect(undefined, { 'x-api-key': ts.anonKey })).toBe(101);
    expect(await connect(undefined, { 'x-api-key': 'nope' })).toBe(401);
  });

  it('answers heartbeats on topic phoenix', async () => {
    const s = await RawSocket.open(ts);
    const ref = s.send(null, 'phoenix', 'heartbeat', {});
    const reply = await s.reply(ref);
    expect(reply).toEqual([null, ref, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    s.close();
  });

  it('speaks vsn 1.0.0 object frames', async () => {
    const s = await RawSocket.open(ts, { vsn: '1.0.0' });
    const ref = s.send(null, 'phoenix', 'heartbeat', {});
    expect((await s.reply(ref))[4]).toEqual({ status: 'ok', response: {} });
    s.close();
  });

  it('survives malformed frames and answers with errors where Phoenix would', async () => {
    const s = await RawSocket.open(ts);
    for (const junk of ['not json', '{}', '[1,2,3]', '[null,null,5,"x",{}]', 'null', '[null,"1","phoenix"]', '"str"']) s.ws.send(junk);
    s.ws.send(Buffer.from([3, 200, 200, 200, 200, 200, 1, 1, 2]));
    s.ws.send(Buffer.from([9, 9, 9]));
    // Events for a topic never joined.
    const unmatched = s.send('1', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} });
    expect((await s.reply(unmatched))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    // Joins with payloads of the wrong shape.
    const bad = [
      s.send('j1', 'realtime:', 'phx_join', {}),
      s.send('j2', 'other:topic', 'phx_join', {}),
      s.send('j3', 'realtime:a', 'phx_join', 'string payload'),
      s.send('j4', 'realtime:b', 'phx_join', { config: 5, access_token: 12 }),
      s.send('j5', 'realtime:c', 'phx_join', { config: { postgres_changes: [null, 7, { schema: 1 }] } }),
      s.send('j6', 'realtime:d', 'phx_join', { config: { postgres_changes: 'x', broadcast: null, presence: [] } }),
    ];
    const replies = await Promise.all(bad.map((r) => s.reply(r)));
    expect(replies[0]![4]).toEqual({ status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } });
    expect(replies[1]![4].status).toBe('error');
    // Without an access token the anon apikey is the token: a well-formed join succeeds.
    expect(replies[2]![4]).toEqual({ status: 'ok', response: { postgres_changes: [] } });
    expect(replies[3]![4].status).toBe('ok');
    expect(replies[4]![4].status).toBe('ok');
    const err = await s.waitFor((f) => f[2] === 'realtime:c' && f[3] === 'system');
    expect(err[4]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(replies[5]![4].status).toBe('ok');
    // Still alive.
    const hb = s.send(null, 'phoenix', 'heartbeat', {});
    expect((await s.reply(hb))[4].status).toBe('ok');
    expect(s.closed).toBe(false);
    s.close();
  });

  it('closes a socket that stops sending, and drops its subscriptions', async () => {
    const service = await createRealtimeService(ts.stack.ctx, { idleTimeoutMs: 300 });
    const http = await import('node:http');
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => service.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${ts.anonKey}&vsn=2.0.0`);
    const closed = new Promise<number>((r) => ws.on('close', () => r(Date.now())));
    const opened = await new Promise<number>((r) => ws.on('open', () => r(Date.now())));
    // A heartbeat keeps it open a while longer.
    await new Promise((r) => setTimeout(r, 200));
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    const at = await closed;
    expect(at - opened).toBeGreaterThanOrEqual(450);
    expect(at - opened).toBeLessThan(3000);
    await service.close();
    server.close();
  });
});

describe('joining', () => {
  it('replies with binding ids realtime-js matches, then "Subscribed to PostgreSQL"', async () => {
    const s = await RawSocket.open(ts);
    const bindings = [
      { event: '*', schema: 'public', table: 'rt_items' },
      { event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'n=eq.1' },
    ];
    const ref = s.send('1', 'realtime:ids', 'phx_join', { config: { postgres_changes: bindings }, access_token: userToken(ts, alice) });
    const reply = await s.reply(ref);
    expect(reply[0]).toBe('1');
    const changes = reply[4].response.postgres_changes as Array<Record<string, unknown>>;
    expect(changes.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
    expect(changes.every((c) => Number.isInteger(c.id))).toBe(true);
    expect(changes[0]!.id).not.toBe(changes[1]!.id);
    const system = await s.waitFor((f) => f[3] === 'system');
    expect(system).toEqual(['1', null, 'realtime:ids', 'system', { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'ids' }]);
    s.close();
  });

  it('refuses invalid, expired and claim-less access tokens', async () => {
    const s = await RawSocket.open(ts);
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[unknown, string]> = [
      ['garbage', 'MalformedJWT: The token provided is not a valid JWT'],
      [signJwt({ role: 'authenticated', exp: now + 60 }, 'wrong-secret-wrong-secret-wrong-secret'), 'JwtSignatureError: Failed to validate JWT signature'],
      [signJwt({ role: 'authenticated', exp: now - 100 }, ts.config.jwtSecret), 'InvalidJWTToken: Token has expired'],
      [signJwt({ role: 'authenticated', exp: now - 5 }, ts.config.jwtSecret), 'InvalidJWTToken: Token has expired'],
      [signJwt({ role: 'authenticated' }, ts.config.jwtSecret), 'InvalidJWTToken: Fields `role` and `exp` are required in JWT'],
      [signJwt({ sub: 'x', exp: now + 60 }, ts.config.jwtSecret), 'InvalidJWTToken: Fields `role` and `exp` are required in JWT'],
    ];
    for (const [token, reason] of cases) {
      const ref = s.send(s.nextRef(), `realtime:t${randomUUID()}`, 'phx_join', { config: { postgres_changes: [] }, access_token: token });
      const reply = await s.reply(ref);
      expect(reply[4].status).toBe('error');
      expect(reply[4].response.reason).toContain(reason);
    }
    s.close();
  });

  it('reports unpublished tables, unknown columns and bad filters as postgres_changes system errors', async () => {
    const s = await RawSocket.open(ts);
    const cases = [
      { event: '*', schema: 'public', table: 'rt_unpublished' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'nope=eq.1' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'n=eq.notanumber' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'n=foo.1' },
      { event: '*', schema: 'public', table: 'rt_items', filter: 'undefined' },
    ];
    for (const binding of cases) {
      const topic = `realtime:e${randomUUID()}`;
      const ref = s.send(s.nextRef(), topic, 'phx_join', { config: { postgres_changes: [binding] }, access_token: userToken(ts) });
      expect((await s.reply(ref))[4].status).toBe('ok');
      const sys = await s.waitFor((f) => f[2] === topic && f[3] === 'system');
      expect(sys[4]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    }
    s.close();
  });

  it('refuses private channels (no realtime.messages policies) except for service_role', async () => {
    const s = await RawSocket.open(ts);
    const denied = s.send('1', 'realtime:priv', 'phx_join', { config: { private: true }, access_token: userToken(ts) });
    expect((await s.reply(denied))[4].response.reason).toMatch(/^Unauthorized: /);
    const allowed = s.send('2', 'realtime:priv', 'phx_join', { config: { private: true }, access_token: ts.serviceRoleKey });
    expect((await s.reply(allowed))[4].status).toBe('ok');
    s.close();
  });
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with Supabase payloads, converted by column type', async () => {
    const { changes } = await listen(userToken(ts, alice));
    await sql(`insert into public.rt_items (owner, title, n, tags, meta) values ('${alice}', 'first', 1, '{a,b}', '{"k": [1]}')`);
    await until(() => changes.length === 1, 5000, 'insert');
    const ins = changes[0]!;
    expect(ins).toMatchObject({ schema: 'public', table: 'rt_items', eventType: 'INSERT', errors: null, old: {} });
    expect(ins.new).toMatchObject({ owner: alice, title: 'first', n: 1, tags: ['a', 'b'], done: false, meta: { k: [1] } });
    expect(ins.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const id = (ins.new as Item).id;

    await sql(`update public.rt_items set title = 'second', done = true where id = ${id}`);
    await until(() => changes.length === 2, 5000, 'update');
    expect(changes[1]).toMatchObject({ eventType: 'UPDATE', new: { id, title: 'second', done: true }, old: { id } });

    await sql(`delete from public.rt_items where id = ${id}`);
    await until(() => changes.length === 3, 5000, 'delete');
    // RLS is on, so the old record carries only the primary key.
    expect(changes[2]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(Object.keys(changes[2]!.old)).toEqual(['id']);
  });

  it('sends the full old record with replica identity full on a table without RLS, and the raw frame shape', async () => {
    await sql(`alter table public.rt_open replica identity full`);
    const s = await RawSocket.open(ts);
    const ref = s.send('1', 'realtime:open', 'phx_join', {
      config: { postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'rt_open' }, { event: 'DELETE', schema: 'public', table: 'rt_open' }] },
      access_token: userToken(ts),
    });
    const ids = ((await s.reply(ref))[4].response.postgres_changes as Array<{ id: number }>).map((b) => b.id);
    await s.waitFor((f) => f[3] === 'system');
    await sql(`insert into public.rt_open values (1, 'a'); update public.rt_open set body = 'b' where id = 1; delete from public.rt_open where id = 1;`);
    const update = await s.waitFor((f) => f[3] === 'postgres_changes' && f[4].data.type === 'UPDATE');
    expect(update[0]).toBeNull();
    expect(update[1]).toBeNull();
    expect(update[4].ids).toEqual([ids[0]]);
    expect(update[4].data).toEqual({
      schema: 'public',
      table: 'rt_open',
      type: 'UPDATE',
      commit_timestamp: expect.any(String),
      columns: [{ name: 'id', type: 'int4' }, { name: 'body', type: 'text' }],
      record: { id: 1, body: 'b' },
      old_record: { id: 1, body: 'a' },
      errors: null,
    });
    const del = await s.waitFor((f) => f[3] === 'postgres_changes' && f[4].data.type === 'DELETE');
    expect(del[4].ids).toEqual([ids[1]]);
    expect(del[4].data.old_record).toEqual({ id: 1, body: 'b' });
    expect(del[4].data).not.toHaveProperty('record');
    // INSERT matched neither binding.
    expect(s.frames.filter((f) => f[3] === 'postgres_changes')).toHaveLength(2);
    s.close();
  });

  it('honours eq, in and gt filters, and event filters', async () => {
    const eq = await listen(userToken(ts, alice), { filter: 'n=eq.7' });
    const inList = await listen(userToken(ts, alice), { filter: 'title=in.(x,"y,z")' });
    const gt = await listen(userToken(ts, alice), { event: 'INSERT', filter: 'n=gt.7' });
    const all = await listen(userToken(ts, alice), { event: 'INSERT' });
    await sql(`
      insert into public.rt_items (owner, title, n) values ('${alice}', 'x', 7);
      insert into public.rt_items (owner, title, n) values ('${alice}', 'y,z', 8);
      insert into public.rt_items (owner, title, n) values ('${alice}', 'w', 9);
      update public.rt_items set n = 10 where title = 'w';
    `);
    await until(() => all.changes.length === 3, 5000, 'all inserts');
    await until(() => gt.changes.length === 2 && eq.changes.length === 1 && inList.changes.length === 2, 5000, 'filtered');
    expect(eq.changes.map((c) => (c.new as Item).title)).toEqual(['x']);
    expect(inList.changes.map((c) => (c.new as Item).title)).toEqual(['x', 'y,z']);
    expect(gt.changes.map((c) => (c.new as Item).title)).toEqual(['y,z', 'w']);
    expect(all.changes.every((c) => c.eventType === 'INSERT')).toBe(true);
  });

  it('delivers INSERT/UPDATE only to subscribers RLS lets see the row; DELETE to both', async () => {
    const a = await listen(userToken(ts, alice));
    const b = await listen(userToken(ts, bob));
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'alice only')`);
    await sql(`insert into public.rt_items (owner, title) values ('${bob}', 'bob only')`);
    await until(() => a.changes.length === 1 && b.changes.length === 1, 5000, 'one each');
    // Bob's socket got the second change; had it been allowed the first, that would have arrived before.
    expect((a.changes[0]!.new as Item).title).toBe('alice only');
    expect((b.changes[0]!.new as Item).title).toBe('bob only');
    await sql(`update public.rt_items set n = 1 where title = 'alice only'`);
    // RLS is checked against the live row (as Supabase does), so let the update be checked before deleting it.
    await until(() => a.changes.length === 2, 5000, 'update to alice');
    await sql(`delete from public.rt_items where title = 'alice only'`);
    await until(() => b.changes.length === 2, 5000, 'delete to bob');
    expect(b.changes[1]!.eventType).toBe('DELETE');
    await until(() => a.changes.length === 3, 5000, 'delete to alice');
    expect(a.changes.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('checks RLS by keys of any type (composite text + timestamptz, an array), also after the table is renamed', async () => {
    await sql(`
      create table public.rt_keyed (room text, at timestamptz, tags int[], owner uuid not null, primary key (room, at, tags));
      alter table public.rt_keyed enable row level security;
      create policy rt_keyed_owner on public.rt_keyed for select to authenticated using (owner = auth.uid());
      grant select on public.rt_keyed to authenticated;
      alter publication supabase_realtime add table public.rt_keyed;
    `);
    const watch = async (token: string, table: string) => {
      const got: Change[] = [];
      const c = client({ token });
      const ch = c.channel(`keyed-${randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table }, (p: Change) => got.push(p));
      await subscribed(ch);
      return got;
    };
    const a = await watch(userToken(ts, alice), 'rt_keyed');
    const b = await watch(userToken(ts, bob), 'rt_keyed');
    await sql(`insert into public.rt_keyed values ('it''s', '2026-01-02 03:04:05.678901+02', '{1,2}', '${alice}')`);
    await sql(`insert into public.rt_keyed values ('b', '2026-01-02', '{}', '${bob}')`);
    await until(() => a.length === 1 && b.length === 1, 5000, 'one each');
    expect((a[0]!.new as unknown as { room: string }).room).toBe("it's");
    expect((b[0]!.new as unknown as { room: string }).room).toBe('b');
    await sql(`update public.rt_keyed set owner = '${bob}' where room = 'it''s'`);
    await until(() => b.length === 2, 5000, 'update now visible to bob');
    expect(a).toHaveLength(1);

    await sql(`alter table public.rt_keyed rename to rt_keyed2`);
    const a2 = await watch(userToken(ts, alice), 'rt_keyed2');
    await sql(`insert into public.rt_keyed2 values ('c', now(), '{3}', '${alice}')`);
    await until(() => a2.length === 1, 5000, 'insert after rename');
    expect((a2[0]!.new as unknown as { room: string }).room).toBe('c');
  });

  it('gives each of 240 subscribers exactly the rows RLS lets it read, when a batch is checked in parts', async () => {
    // 240 claims groups: enough for a Postgres server to check them in several parts on several connections.
    const users = Array.from({ length: 240 }, () => randomUUID());
    const sockets = await Promise.all([0, 1, 2].map(() => RawSocket.open(ts)));
    const topicOf = (i: number) => `realtime:many-${i}`;
    const socketOf = (i: number) => sockets[i % 3]!;
    const refs = users.map((user, i) =>
      socketOf(i).send(String(i), topicOf(i), 'phx_join', {
        config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_items' }] },
        access_token: userToken(ts, user),
      }),
    );
    await Promise.all(refs.map((ref, i) => socketOf(i).reply(ref, 15_000)));
    await Promise.all(users.map((_, i) => socketOf(i).waitFor((f) => f[2] === topicOf(i) && f[3] === 'system', 15_000)));
    const owners = users.filter((_, i) => i % 7 === 0);
    // One statement: one batch of keys, checked against every group.
    await sql(`insert into public.rt_items (owner, title) select o::uuid, 'many ' || o from unnest(array['${owners.join("','")}']) o`);
    const received = (i: number) =>
      socketOf(i).frames.filter((f) => f[2] === topicOf(i) && f[3] === 'postgres_changes').map((f) => f[4].data.record.owner as string);
    await until(() => users.every((_, i) => (i % 7 === 0 ? received(i).length === 1 : true)), 15_000, 'every owner');
    await sql(`insert into public.rt_open values (240, 'a later change')`);
    await new Promise((r) => setTimeout(r, 300));
    users.forEach((user, i) => expect(received(i)).toEqual(i % 7 === 0 ? [user] : []));
    for (const s of sockets) s.close();
  });

  it('frames one change right for each socket of a fan-out (vsn 2.0.0 and 1.0.0, same and other topics) as text', async () => {
    const v2 = await RawSocket.open(ts);
    const v2b = await RawSocket.open(ts);
    const v1 = await RawSocket.open(ts, { vsn: '1.0.0' });
    const binaries: unknown[] = [];
    v2.ws.on('message', (_d, isBinary) => isBinary && binaries.push(_d));
    const binding = { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_open' }] } };
    const joins: [RawSocket, string][] = [
      [v2, 'realtime:shared-frames'],
      [v2b, 'realtime:shared-frames'],
      [v1, 'realtime:shared-frames'],
      [v2b, 'realtime:other-frames'],
    ];
    for (const [s, topic] of joins) await s.reply(s.send('1', topic, 'phx_join', binding));
    for (const [s, topic] of joins) await s.waitFor((f) => f[2] === topic && f[3] === 'system');
    await sql(`insert into public.rt_open values (777, 'shared')`);
    const change = (s: RawSocket, topic: string) => s.waitFor((f) => f[2] === topic && f[3] === 'postgres_changes');
    const frames = await Promise.all(joins.map(([s, topic]) => change(s, topic)));
    for (const [i, [, topic]] of joins.entries()) {
      expect(frames[i]![2]).toBe(topic);
      expect(frames[i]![4].data.record).toEqual({ id: 777, body: 'shared' });
      expect(Number.isInteger(frames[i]![4].ids[0])).toBe(true);
    }
    expect(binaries).toEqual([]);
    for (const s of [v2, v2b, v1]) s.close();
  });

  it('gives anon (no user token) nothing from an RLS table it cannot read', async () => {
    const anon = await listen(ts.anonKey);
    const open: Change[] = [];
    const c = client({});
    const ch = c.channel(`open-${randomUUID()}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open' }, (p: Change) => open.push(p));
    await subscribed(ch);
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'hidden'); insert into public.rt_open values (50, 'visible');`);
    await until(() => open.length === 1, 5000, 'open insert');
    expect(anon.changes).toHaveLength(0);
  });

  it('sends Error 401 to a role without SELECT on the key, and isolates a policy that fails for some claims', async () => {
    const watch = async (token: string) => {
      const got: Change[] = [];
      const c = client({ token });
      const ch = c.channel(`secret-${randomUUID()}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_secret' }, (p: Change) => got.push(p));
      await subscribed(ch);
      return got;
    };
    const anon = await watch(ts.anonKey);
    const broken = await watch(userToken(ts, alice, { level: 'not a number' }));
    const fine = await watch(userToken(ts, bob, { level: 3 }));
    await sql(`insert into public.rt_secret values (1, 'classified')`);
    await until(() => fine.length === 1 && anon.length === 1, 5000, 'secret insert');
    expect(fine[0]!.new).toEqual({ id: 1, body: 'classified' });
    expect(anon[0]!.errors).toEqual(['Error 401: Unauthorized']);
    expect(anon[0]!.new).toEqual({});
    await sql(`insert into public.rt_secret values (2, 'again')`);
    await until(() => fine.length === 2, 5000, 'second secret insert');
    expect(broken).toHaveLength(0);
  });

  it('applies a refreshed access token, and closes the channel on an invalid one', async () => {
    const sub = await listen(userToken(ts, bob));
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'before refresh')`);
    await sql(`insert into public.rt_items (owner, title) values ('${bob}', 'bob marker')`);
    // Changes are checked against the claims current when they are processed: wait until both were.
    await until(() => sub.changes.length === 1, 5000, 'bob marker');
    expect((sub.changes[0]!.new as Item).title).toBe('bob marker');
    await sub.client.realtime.setAuth(userToken(ts, alice));
    // The refresh is queued on the socket before this ping, so once it is answered the new claims apply.
    await new Promise((r) => setTimeout(r, 100));
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'after refresh')`);
    await until(() => sub.changes.length === 2, 5000, 'after refresh');
    expect((sub.changes[1]!.new as Item).title).toBe('after refresh');

    const s = await RawSocket.open(ts);
    const ref = s.send('1', 'realtime:refresh', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_items' }] }, access_token: userToken(ts, alice) });
    await s.reply(ref);
    s.send('1', 'realtime:refresh', 'access_token', { access_token: 'garbage' });
    const err = await s.waitFor((f) => f[3] === 'system' && f[4].status === 'error');
    expect(err[4]).toEqual({ extension: 'system', status: 'error', message: 'The token provided is not a valid JWT', channel: 'refresh' });
    const close = await s.waitFor((f) => f[3] === 'phx_close');
    expect(close).toEqual(['1', '1', 'realtime:refresh', 'phx_close', {}]);
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'after close')`);
    const hb = s.send(null, 'phoenix', 'heartbeat', {});
    await s.reply(hb);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.frames.filter((f) => f[3] === 'postgres_changes')).toHaveLength(0);
    s.close();
  });

  it('stops delivering after phx_leave (reply ok, then phx_close)', async () => {
    const s = await RawSocket.open(ts);
    const ref = s.send('7', 'realtime:leave', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_open' }] }, access_token: userToken(ts) });
    await s.reply(ref);
    await s.waitFor((f) => f[3] === 'system');
    await sql(`insert into public.rt_open values (70, 'in')`);
    await s.waitFor((f) => f[3] === 'postgres_changes');
    const leave = s.send('7', 'realtime:leave', 'phx_leave', {});
    expect(await s.reply(leave)).toEqual(['7', leave, 'realtime:leave', 'phx_reply', { status: 'ok', response: {} }]);
    await s.waitFor((f) => f[3] === 'phx_close' && f[2] === 'realtime:leave');
    await sql(`insert into public.rt_open values (71, 'out')`);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.frames.filter((f) => f[3] === 'postgres_changes')).toHaveLength(1);

    // supabase-js unsubscribe resolves 'ok'.
    const sub = await listen(userToken(ts, alice));
    expect(await sub.channel.unsubscribe()).toBe('ok');
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'after leave')`);
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.changes).toHaveLength(0);
    s.close();
  });

  it('works over vsn 1.0.0 with supabase-js', async () => {
    const sub = await listen(userToken(ts, alice), { event: 'INSERT' }, '1.0.0');
    await sql(`insert into public.rt_items (owner, title) values ('${alice}', 'v1')`);
    await until(() => sub.changes.length === 1, 5000, 'v1 insert');
    expect((sub.changes[0]!.new as Item).title).toBe('v1');
  });

  it('installs capture at start for tables already in the publication', async () => {
    await sql(`create table public.rt_late (id int primary key); alter publication supabase_realtime add table public.rt_late;`);
    const before = await ts.stack.ctx.db.query(`select 1 from pg_trigger where tgrelid = 'public.rt_late'::regclass`);
    expect(before.rows).toHaveLength(0);
    const service = await createRealtimeService(ts.stack.ctx);
    const after = await ts.stack.ctx.db.query(`select 1 from pg_trigger where tgrelid = 'public.rt_late'::regclass`);
    expect(after.rows).toHaveLength(1);
    await service.close();
  });
});

describe('broadcast and presence', () => {
  it('delivers broadcasts to other members, and to the sender only with self', async () => {
    const name = `room-${randomUUID()}`;
    const got: Record<string, unknown[]> = { a: [], b: [] };
    const ca = client({ token: userToken(ts) });
    const cb = client({ token: userToken(ts), vsn: '1.0.0' });
    const a = ca.channel(name, { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'ping' }, (p) => got.a!.push(p.payload));
    const b = cb.channel(name).on('broadcast', { event: 'ping' }, (p) => got.b!.push(p.payload));
    await Promise.all([a, b].map((ch) => new Promise<void>((r) => ch.subscribe((s) => s === 'SUBSCRIBED' && r()))));
    expect(await a.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await until(() => got.a!.length === 1 && got.b!.length === 1, 5000, 'broadcast');
    expect(got.b).toEqual([{ n: 1 }]);
    expect(got.a).toEqual([{ n: 1 }]);
    await b.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } });
    await until(() => got.a!.length === 2, 5000, 'broadcast back');
    await new Promise((r) => setTimeout(r, 100));
    expect(got.b).toHaveLength(1);
  });

  it('tracks presence', async () => {
    const name = `lobby-${randomUUID()}`;
    const ca = client({ token: userToken(ts) });
    const cb = client({ token: userToken(ts) });
    const a = ca.channel(name, { config: { presence: { key: 'alice' } } });
    const b = cb.channel(name, { config: { presence: { key: 'bob' } } });
    a.on('presence', { event: 'sync' }, () => undefined);
    b.on('presence', { event: 'sync' }, () => undefined);
    await Promise.all([a, b].map((ch) => new Promise<void>((r) => ch.subscribe((s) => s === 'SUBSCRIBED' && r()))));
    expect(await a.track({ online: true })).toBe('ok');
    await until(() => Object.keys(b.presenceState()).includes('alice'), 5000, 'presence');
    expect(b.presenceState().alice![0]).toMatchObject({ online: true });
    await a.untrack();
    await until(() => !Object.keys(b.presenceState()).includes('alice'), 5000, 'untrack');
  });
});
