import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signJwt } from '../jwt.ts';
import { joined, realtimeClient, until, userToken } from '../../testkit/realtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

type Message = { type: string; event: string; payload: unknown; meta?: Record<string, unknown> };

let ts: TestStack;
const clients: SupabaseClient[] = [];
const writer = randomUUID();
const outsider = randomUUID();

async function client(token?: string, vsn?: '1.0.0' | '2.0.0'): Promise<SupabaseClient> {
  const c = realtimeClient(ts, { vsn });
  clients.push(c);
  if (token) await c.realtime.setAuth(token);
  return c;
}

async function listen(topic: string, opts: { token?: string; private?: boolean; vsn?: '1.0.0' | '2.0.0' } = {}) {
  const channel: RealtimeChannel = (await client(opts.token, opts.vsn)).channel(topic, { config: { private: opts.private ?? false } });
  const got: Message[] = [];
  channel.on('broadcast', { event: '*' }, (m: Message) => got.push(m));
  await joined(channel);
  return got;
}

/** A channel that is never joined: supabase-js sends its broadcasts over HTTP. */
async function unjoined(topic: string, opts: { token?: string; private?: boolean } = {}): Promise<RealtimeChannel> {
  return (await client(opts.token)).channel(topic, { config: { private: opts.private ?? false } });
}

function post(path: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${ts.url}/realtime/v1/api/broadcast${path}`, { method: 'POST', headers, body });
}

beforeAll(async () => {
  // supabase-js announces its REST fallback on every channel.send() before a join: expected here.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Realtime send() is automatically falling back')) warn(...args);
  });
  ts = await startTestStack();
  await ts.stack.ctx.db.exec(`
    create table public.rt_api_writers (room text not null, user_id uuid not null, primary key (room, user_id));
    grant select on public.rt_api_writers to authenticated;
    create policy rt_api_read on realtime.messages for select to authenticated using (true);
    create policy rt_api_write on realtime.messages for insert to authenticated with check (
      exists (select 1 from public.rt_api_writers w where w.room = (select realtime.topic()) and w.user_id = (select auth.uid())));
  `);
});

afterAll(async () => {
  vi.restoreAllMocks();
  for (const c of clients) await c.removeAllChannels().catch(() => undefined);
  await ts?.close();
});

describe('POST /realtime/v1/api/broadcast (channel.send on a channel not joined)', () => {
  it('answers 202 with an empty body and delivers public messages to the public channel', async () => {
    const topic = `room:${randomUUID()}`;
    const got = await listen(topic);
    const res = await post('', JSON.stringify({ messages: [{ topic, event: 'ping', payload: { n: 1 } }] }), {
      apikey: ts.anonKey,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(await (await unjoined(topic)).send({ type: 'broadcast', event: 'from-js', payload: { n: 2 } })).toBe('ok');
    await until(() => got.length === 2, 5_000, 'the messages');
    expect(got).toMatchObject([
      { type: 'broadcast', event: 'ping', payload: { n: 1 } },
      { type: 'broadcast', event: 'from-js', payload: { n: 2 } },
    ]);
  });

  it("delivers a private message when the caller's insert policy allows it, and silently drops a refused one (still 202)", async () => {
    const topic = `room:${randomUUID()}`;
    await ts.stack.ctx.db.query('insert into public.rt_api_writers values ($1, $2)', [topic, writer]);
    const got = await listen(topic, { token: userToken(ts, randomUUID()), private: true });
    expect(await (await unjoined(topic, { token: userToken(ts, outsider), private: true })).send({ type: 'broadcast', event: 'outsider', payload: {} })).toBe('ok');
    expect(await (await unjoined(topic, { private: true })).send({ type: 'broadcast', event: 'anon', payload: {} })).toBe('ok');
    // Answered only after the refused ones were handled: had they been delivered, they would come first.
    expect(await (await unjoined(topic, { token: userToken(ts, writer), private: true })).send({ type: 'broadcast', event: 'writer', payload: {} })).toBe('ok');
    await until(() => got.length === 1, 5_000, "the writer's message");
    expect(got.map((m) => m.event)).toEqual(['writer']);
  });

  it('keeps public and private messages of one topic apart, and puts a given id in meta', async () => {
    const topic = `room:${randomUUID()}`;
    const publicGot = await listen(topic);
    const privateGot = await listen(topic, { token: ts.serviceRoleKey, private: true });
    const id = randomUUID();
    const res = await post(
      '',
      JSON.stringify({
        messages: [
          { topic, event: 'to-private', payload: {}, private: true, id },
          { topic, event: 'to-public', payload: {} },
        ],
      }),
      { apikey: ts.anonKey, authorization: `Bearer ${ts.serviceRoleKey}`, 'content-type': 'application/json' },
    );
    expect(res.status).toBe(202);
    await until(() => publicGot.length === 1 && privateGot.length === 1, 5_000, 'the messages');
    expect(privateGot).toMatchObject([{ event: 'to-private', meta: { id } }]);
    expect(publicGot.map((m) => m.event)).toEqual(['to-public']);
  });

  it('answers 422 with Ecto errors per message for invalid messages', async () => {
    const headers = { apikey: ts.anonKey, 'content-type': 'application/json' };
    let res = await post('', JSON.stringify({}), headers);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { messages: ["can't be blank"] } });
    res = await post('', JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }, { topic: 5, payload: [] }] }), headers);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { messages: [{}, { event: ["can't be blank"], payload: ['is invalid'], topic: ['is invalid'] }] } });
  });

  it('refuses a missing or wrong apikey at the gateway and an invalid JWT with 401', async () => {
    const body = JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] });
    const json = { 'content-type': 'application/json' };
    let res = await post('', body, json);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
    res = await post('', body, { ...json, apikey: 'not-a-key' });
    expect(res.status).toBe(401);
    res = await post('', body, { ...json, apikey: ts.anonKey, authorization: 'Bearer not.a.jwt' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
    const expired = signJwt({ role: 'authenticated', sub: writer, exp: Math.floor(Date.now() / 1000) - 10 }, ts.config.jwtSecret);
    res = await post('', body, { ...json, apikey: ts.anonKey, authorization: `Bearer ${expired}` });
    expect(res.status).toBe(401);
  });
});

describe('POST /realtime/v1/api/broadcast/:topic/events/:event (channel.httpSend)', () => {
  it('delivers JSON and binary payloads to a public channel', async () => {
    const topic = `room:${randomUUID()}`;
    const got = await listen(topic);
    const channel = await unjoined(topic);
    expect(await channel.httpSend('json', { n: 1 })).toEqual({ success: true });
    expect(await channel.httpSend('bytes', new Uint8Array([1, 2, 3]).buffer)).toEqual({ success: true });
    await until(() => got.length === 2, 5_000, 'the messages');
    expect(got[0]).toMatchObject({ type: 'broadcast', event: 'json', payload: { n: 1 } });
    expect(got[1]!.event).toBe('bytes');
    expect([...new Uint8Array(got[1]!.payload as ArrayBuffer)]).toEqual([1, 2, 3]);
  });

  it('answers 403 Unauthorized for a private message the policy refuses, and delivers an allowed one', async () => {
    const topic = `room:${randomUUID()}`;
    await ts.stack.ctx.db.query('insert into public.rt_api_writers values ($1, $2)', [topic, writer]);
    const got = await listen(topic, { token: userToken(ts, randomUUID()), private: true });
    await expect((await unjoined(topic, { token: userToken(ts, outsider), private: true })).httpSend('refused', {})).rejects.toThrow('Unauthorized');
    expect(await (await unjoined(topic, { token: userToken(ts, writer), private: true })).httpSend('allowed', { ok: true })).toEqual({ success: true });
    await until(() => got.length === 1, 5_000, 'the allowed message');
    expect(got).toMatchObject([{ event: 'allowed', payload: { ok: true } }]);
  });

  it('refuses other content types with 415', async () => {
    const res = await post('/t/events/e', 'hello', { apikey: ts.anonKey, 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
  });
});
