import { describe, expect, test } from 'vitest';
import {
  applyMessageToContacts,
  clearContactUnread,
  markReadInConversation,
  messagesOldestFirst,
  nextCursor,
  removePending,
  upsertMessage,
  type ConversationData,
} from './message-cache';
import type { Contact, Message } from './types';

const me = 'aaaaaaaa-0000-4000-8000-000000000001';
const other = 'bbbbbbbb-0000-4000-8000-000000000002';
const third = 'cccccccc-0000-4000-8000-000000000003';

const msg = (id: string, minute: number, over: Partial<Message> = {}): Message => ({
  id,
  sender_id: other,
  receiver_id: me,
  content: `m${id}`,
  read: false,
  created_at: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
  client_id: null,
  ...over,
});
const data = (...pages: Message[][]): ConversationData => ({ pages, pageParams: pages.map(() => null) });
const contact = (id: string, minute: number, unread: number): Contact => ({
  contact_id: id,
  full_name: id,
  display_name: id,
  username: id,
  avatar_url: '',
  role: 'creator',
  last_message: 'old',
  last_message_at: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
  last_message_sender_id: id,
  unread_count: unread,
});

describe('conversation cache', () => {
  test('a new message goes to the newest page, in order, once', () => {
    const d = data([msg('3', 3), msg('2', 2)], [msg('1', 1)]);
    const once = upsertMessage(d, msg('4', 4));
    const twice = upsertMessage(once, msg('4', 4));
    expect(messagesOldestFirst(twice).map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    // A late event older than the newest still lands in its place.
    expect(messagesOldestFirst(upsertMessage(d, msg('2b', 2, { id: '2b' }))).map((m) => m.id)).toEqual(['1', '2', '2b', '3']);
    expect(upsertMessage(undefined, msg('4', 4))).toBeUndefined();
  });

  test('the confirmed message replaces the pending bubble with the same client_id', () => {
    const pending = msg('pending:x', 5, { sender_id: me, receiver_id: other, client_id: 'x', pending: true });
    const d = upsertMessage(data([msg('3', 3)]), pending);
    const confirmed = upsertMessage(d, msg('real', 5, { sender_id: me, receiver_id: other, client_id: 'x' }));
    const all = messagesOldestFirst(confirmed);
    expect(all.map((m) => [m.id, !!m.pending])).toEqual([
      ['3', false],
      ['real', false],
    ]);
    // The same client_id from someone else is another message.
    const foreign = upsertMessage(d, msg('f', 6, { client_id: 'x' }));
    expect(messagesOldestFirst(foreign)).toHaveLength(3);
    expect(messagesOldestFirst(removePending(d, 'x')).map((m) => m.id)).toEqual(['3']);
  });

  test('read flags: only what the receiver received, only the given ids, never back to unread', () => {
    const d = data([msg('2', 2), msg('1', 1, { sender_id: me, receiver_id: other })]);
    const read = markReadInConversation(d, me);
    expect(messagesOldestFirst(read).map((m) => m.read)).toEqual([false, true]);
    expect(markReadInConversation(d, me, new Set(['nope']))).toBe(d);
    expect(messagesOldestFirst(upsertMessage(read, msg('2', 2, { read: false }))).map((m) => m.read)).toEqual([false, true]);
  });

  test('next page cursor: the oldest fetched row of a full page', () => {
    expect(nextCursor([msg('2', 2), msg('1', 1)], 2)).toEqual({ before_created_at: msg('1', 1).created_at, before_id: '1' });
    expect(nextCursor([msg('2', 2)], 2)).toBeUndefined();
    expect(nextCursor([msg('p', 3, { pending: true }), msg('2', 2)], 2)).toBeUndefined();
  });
});

describe('contact list cache', () => {
  test('an incoming message moves the contact up, previews it and counts it unread', () => {
    const list = [contact(third, 5, 0), contact(other, 1, 2)];
    const next = applyMessageToContacts(list, msg('9', 9, { content: 'hola' }), me)!;
    expect(next.map((c) => [c.contact_id, c.last_message, c.unread_count])).toEqual([
      [other, 'hola', 3],
      [third, 'old', 0],
    ]);
    // The same event again changes nothing.
    expect(applyMessageToContacts(next, msg('9', 9, { content: 'hola' }), me)).toBe(next);
  });

  test('own messages preview without counting; an older event never replaces a newer preview', () => {
    const list = [contact(other, 5, 1)];
    const mine = applyMessageToContacts(list, msg('9', 9, { sender_id: me, receiver_id: other, content: 'yo' }), me)!;
    expect([mine[0]!.last_message, mine[0]!.last_message_sender_id, mine[0]!.unread_count]).toEqual(['yo', me, 1]);
    expect(applyMessageToContacts(list, msg('0', 0), me)).toBe(list);
  });

  test('an unknown contact asks for a refetch; opening a conversation clears its count', () => {
    expect(applyMessageToContacts([contact(third, 1, 0)], msg('1', 2), me)).toBeNull();
    expect(applyMessageToContacts(undefined, msg('1', 2), me)).toBeUndefined();
    expect(clearContactUnread([contact(other, 1, 4), contact(third, 1, 2)], other)!.map((c) => c.unread_count)).toEqual([0, 2]);
  });
});
