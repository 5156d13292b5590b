import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ids } from '../../testkit/db/personas.ts';
import { joined, joinRefusal, realtimeClient, until, userToken } from '../../testkit/realtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Issue 18: a notification reaches its user live on the private channel notifications:<user id>, through
// the stack's Realtime (Broadcast from the database, authorized by the migration's policy on
// realtime.messages), and nobody else: another user cannot join that channel, and their own channel
// carries nothing of it.

type Message = { event: string; payload: { id?: string; kind?: string } };

let ts: TestStack;
const clients: SupabaseClient[] = [];
const ISABELLA = ids.creatorN(8);

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
}, 180_000);

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels().catch(() => undefined);
  await ts?.close();
});

function channelFor(user: string, topicOwner: string): { channel: RealtimeChannel; got: Message[] } {
  const client = realtimeClient(ts, { token: userToken(ts, user) });
  clients.push(client);
  const channel = client.channel(`notifications:${topicOwner}`, { config: { private: true } });
  const got: Message[] = [];
  channel.on('broadcast', { event: 'notification' }, (m: Message) => got.push(m));
  return { channel, got };
}

/** The brand accepts Isabella's application, as PostgREST would run it for the brand. */
async function brandAcceptsIsabella(): Promise<void> {
  await ts.database.db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: ids.brand, role: 'authenticated' })]);
    await tx.query(`select api.accept_application($1)`, [ids.application(6)]);
  });
}

describe('notifications on Realtime', () => {
  test('the creator hears of the acceptance live; the brand cannot listen on her channel and hears nothing on its own', async () => {
    const mine = channelFor(ISABELLA, ISABELLA);
    await joined(mine.channel);
    const theirs = channelFor(ids.brand, ids.brand);
    await joined(theirs.channel);
    const snoop = channelFor(ids.brand, ISABELLA);
    expect(await joinRefusal(snoop.channel)).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: notifications:${ISABELLA}`);
    const stranger = channelFor(ids.otherCreator, ISABELLA);
    expect(await joinRefusal(stranger.channel)).toMatch(/^Unauthorized/);

    await brandAcceptsIsabella();
    await until(() => mine.got.length === 1, 5_000, 'the notification');
    expect(mine.got[0]).toMatchObject({ event: 'notification', payload: { kind: 'application_accepted' } });
    const { rows } = await ts.database.db.query<{ id: string }>(
      `select id from app.notifications where user_id = $1 and kind = 'application_accepted' and application_id = $2`, [ISABELLA, ids.application(6)]);
    expect(mine.got[0]!.payload.id).toBe(rows[0]!.id);
    // Give a stray delivery the time the real one took, then check nobody else got it.
    await new Promise((r) => setTimeout(r, 500));
    expect(theirs.got).toEqual([]);
    expect(snoop.got).toEqual([]);
    expect(stranger.got).toEqual([]);
  });
});
