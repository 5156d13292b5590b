import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joined, realtimeClient, until, userToken } from '../../testkit/realtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

type Message = { type: string; event: string; payload: unknown; meta?: { id?: string } };

let ts: TestStack;
const clients: SupabaseClient[] = [];
const member = randomUUID();
const outsider = randomUUID();

async function sql(text: string, params: unknown[] = []): Promise<void> {
  await ts.stack.ctx.db.query(text, params);
}

async function listen(topic: string, opts: { token?: string; private?: boolean; vsn?: '1.0.0' | '2.0.0' } = {}) {
  const c = realtimeClient(ts, { vsn: opts.vsn });
  clients.push(c);
  if (opts.token) await c.realtime.setAuth(opts.token);
  const channel: RealtimeChannel = c.channel(topic, { config: { private: opts.private ?? true } });
  const got: Message[] = [];
  channel.on('broadcast', { event: '*' }, (m: Message) => got.push(m));
  await joined(channel);
  return got;
}

/** realtime.send as a user: their role and claims, as PostgREST would set them. */
async function sendAs(user: string, topic: string, event: string): Promise<void> {
  await ts.stack.ctx.db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', '', true)`,
      [JSON.stringify({ sub: user, role: 'authenticated' })],
    );
    await tx.query(`select realtime.send('{"by":"user"}'::jsonb, $1, $2, true)`, [event, topic]);
  });
}

beforeAll(async () => {
  ts = await startTestStack();
  await ts.stack.ctx.db.exec(`
    create table public.rt_db_members (room text not null, user_id uuid not null, primary key (room, user_id));
    grant select on public.rt_db_members to authenticated;
    create policy rt_db_read on realtime.messages for select to authenticated using (
      exists (select 1 from public.rt_db_members m where m.room = (select realtime.topic()) and m.user_id = (select auth.uid())));
    create policy rt_db_write on realtime.messages for insert to authenticated with check (
      exists (select 1 from public.rt_db_members m where m.room = (select realtime.topic()) and m.user_id = (select auth.uid())));
    create table public.rt_notes (id int primary key, room text not null, body text);
    -- The documented Broadcast-from-the-database trigger.
    create function public.rt_notes_broadcast() returns trigger language plpgsql security definer set search_path = '' as $$
    begin
      perform realtime.broadcast_changes(coalesce(new.room, old.room), tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
      return null;
    end $$;
    create trigger rt_notes_broadcast after insert or update or delete on public.rt_notes
      for each row execute function public.rt_notes_broadcast();
  `);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels().catch(() => undefined);
  await ts?.close();
});

describe('realtime.send', () => {
  it('reaches the private channel members of the topic (vsn 2.0.0 and 1.0.0) with the message id in payload and meta', async () => {
    const topic = `room:${randomUUID()}`;
    await sql('insert into public.rt_db_members values ($1, $2)', [topic, member]);
    const v2 = await listen(topic, { token: userToken(ts, member) });
    const v1 = await listen(topic, { token: userToken(ts, member), vsn: '1.0.0' });
    await sql(`select realtime.send('{"text":"hi"}'::jsonb, 'note', $1)`, [topic]);
    await until(() => v2.length === 1 && v1.length === 1, 5_000, 'the message');
    for (const m of [v2[0]!, v1[0]!]) {
      expect(m).toMatchObject({ type: 'broadcast', event: 'note', payload: { text: 'hi' } });
      expect(m.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((m.payload as { id: string }).id).toBe(m.meta?.id);
    }
    const { rows } = await ts.stack.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from realtime.messages where topic = $1 and event = 'note' and private`,
      [topic],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('sends a public message to the public channel only', async () => {
    const topic = `room:${randomUUID()}`;
    const publicGot = await listen(topic, { private: false });
    const privateGot = await listen(topic, { token: ts.serviceRoleKey });
    await sql(`select realtime.send('{"n":1}'::jsonb, 'public', $1, false)`, [topic]);
    await until(() => publicGot.length === 1, 5_000, 'the public message');
    // Messages are delivered in commit order: the private one after the public one.
    await sql(`select realtime.send('{"n":2}'::jsonb, 'private', $1, true)`, [topic]);
    await until(() => privateGot.length === 1, 5_000, 'the private message');
    expect(privateGot.map((m) => m.event)).toEqual(['private']);
    expect(publicGot.map((m) => m.event)).toEqual(['public']);
  });

  it("runs as its caller: the insert policy lets a member send and drops an outsider's message with a warning", async () => {
    const topic = `room:${randomUUID()}`;
    await sql('insert into public.rt_db_members values ($1, $2)', [topic, member]);
    const got = await listen(topic, { token: userToken(ts, member) });
    await sendAs(outsider, topic, 'from-outsider');
    await sendAs(member, topic, 'from-member');
    await until(() => got.length === 1, 5_000, "the member's message");
    expect(got.map((m) => m.event)).toEqual(['from-member']);
  });

  it('delivers nothing from a rolled back transaction', async () => {
    const topic = `room:${randomUUID()}`;
    const got = await listen(topic, { token: ts.serviceRoleKey });
    await ts.stack.ctx.db
      .transaction(async (tx) => {
        await tx.query(`select realtime.send('{}'::jsonb, 'rolled-back', $1)`, [topic]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sql(`select realtime.send('{}'::jsonb, 'committed', $1)`, [topic]);
    await until(() => got.length === 1, 5_000, 'the committed message');
    expect(got.map((m) => m.event)).toEqual(['committed']);
  });

  it('realtime.send_binary reaches vsn 2.0.0 sockets as bytes and is skipped on 1.0.0 ones', async () => {
    const topic = `room:${randomUUID()}`;
    const v2 = await listen(topic, { token: ts.serviceRoleKey });
    const v1 = await listen(topic, { token: ts.serviceRoleKey, vsn: '1.0.0' });
    await sql(`select realtime.send_binary('\\x010203'::bytea, 'bytes', $1)`, [topic]);
    await sql(`select realtime.send('{}'::jsonb, 'after', $1)`, [topic]);
    await until(() => v2.length === 2 && v1.length === 1, 5_000, 'the messages');
    expect(v2[0]!.event).toBe('bytes');
    expect([...new Uint8Array(v2[0]!.payload as ArrayBuffer)]).toEqual([1, 2, 3]);
    expect(v1.map((m) => m.event)).toEqual(['after']);
  });
});

describe('realtime.broadcast_changes', () => {
  it('sends a row trigger change to the topic with operation, table, schema, record and old_record', async () => {
    const topic = `room:${randomUUID()}`;
    const got = await listen(topic, { token: ts.serviceRoleKey });
    await sql(`insert into public.rt_notes values (1, $1, 'first')`, [topic]);
    await sql(`update public.rt_notes set body = 'second' where id = 1`);
    await until(() => got.length === 2, 5_000, 'the changes');
    expect(got[0]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'rt_notes', schema: 'public', record: { id: 1, room: topic, body: 'first' }, old_record: null },
    });
    expect(got[1]).toMatchObject({
      event: 'UPDATE',
      payload: { operation: 'UPDATE', record: { body: 'second' }, old_record: { body: 'first' } },
    });
  });
});
