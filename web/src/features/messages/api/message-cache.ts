/**
 * Pure updates of the messaging caches, shared by optimistic sends, Realtime events and mark-as-read.
 * Every update is idempotent: the same message arriving twice (the send's answer and its own INSERT
 * event, or two tabs) never shows twice.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Contact, ConversationCursor, ConversationPage, Message } from './types';

export type ConversationData = InfiniteData<ConversationPage, ConversationCursor | null>;

/** Newest first, ties broken by id, as api.conversation orders them. */
export function compareNewestFirst(a: Message, b: Message): number {
  const dt = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (dt !== 0) return dt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function sameMessage(a: Message, b: Message): boolean {
  return a.id === b.id || (!!a.client_id && a.client_id === b.client_id && a.sender_id === b.sender_id);
}

/**
 * Adds a message to a loaded conversation, or replaces the copy it already holds (e.g. the pending
 * bubble with the same client_id). New messages go into the newest page; nothing happens to a
 * conversation that is not loaded (it is fetched whole when opened).
 */
export function upsertMessage(data: ConversationData | undefined, message: Message): ConversationData | undefined {
  if (!data) return data;
  let replaced = false;
  const pages = data.pages.map((page) => {
    const i = page.findIndex((m) => sameMessage(m, message));
    if (i < 0) return page;
    replaced = true;
    const existing = page[i]!;
    // A confirmed copy never goes back to pending; a read flag never goes back to unread.
    const merged: Message = { ...existing, ...message, pending: message.pending && existing.pending, read: existing.read || message.read };
    const next = page.slice();
    next[i] = merged;
    return next;
  });
  if (replaced) return { ...data, pages };
  const [first = [], ...rest] = data.pages;
  return { ...data, pages: [[message, ...first].sort(compareNewestFirst), ...rest] };
}

/** Removes a pending bubble (its send failed). */
export function removePending(data: ConversationData | undefined, clientId: string): ConversationData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => p.filter((m) => !(m.pending && m.client_id === clientId))) };
}

/** Marks as read what `receiverId` received in a loaded conversation (optionally only the given ids). */
export function markReadInConversation(data: ConversationData | undefined, receiverId: string, ids?: ReadonlySet<string>): ConversationData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) =>
    page.map((m) => {
      if (m.read || m.receiver_id !== receiverId || (ids && !ids.has(m.id))) return m;
      changed = true;
      return { ...m, read: true };
    }),
  );
  return changed ? { ...data, pages } : data;
}

/** All loaded messages, oldest first (the order they are shown in). */
export function messagesOldestFirst(data: { pages: ConversationPage[] } | undefined): Message[] {
  if (!data) return [];
  const out: Message[] = [];
  for (let p = data.pages.length - 1; p >= 0; p--) {
    const page = data.pages[p]!;
    for (let i = page.length - 1; i >= 0; i--) out.push(page[i]!);
  }
  return out;
}

/**
 * A new message in the contact list: the contact's preview and time change, it moves to the top, and
 * its unread count grows when the message is addressed to `me`. Returns null when the contact is not
 * in the list (the caller refetches it, since the list needs the person's name).
 */
export function applyMessageToContacts(contacts: Contact[] | undefined, message: Message, me: string): Contact[] | null | undefined {
  if (!contacts) return contacts;
  const other = message.sender_id === me ? message.receiver_id : message.sender_id;
  const i = contacts.findIndex((c) => c.contact_id === other);
  if (i < 0) return null;
  const current = contacts[i]!;
  // An older message (a late event) never replaces a newer preview.
  if (Date.parse(current.last_message_at) > Date.parse(message.created_at)) return contacts;
  if (current.last_message_at === message.created_at && current.last_message === message.content) return contacts;
  const incomingUnread = message.receiver_id === me && !message.read;
  const updated: Contact = {
    ...current,
    last_message: message.content,
    last_message_at: message.created_at,
    last_message_sender_id: message.sender_id,
    unread_count: current.unread_count + (incomingUnread ? 1 : 0),
  };
  return [updated, ...contacts.slice(0, i), ...contacts.slice(i + 1)];
}

/** The contact's unread count drops to zero (the conversation was opened). */
export function clearContactUnread(contacts: Contact[] | undefined, contactId: string): Contact[] | undefined {
  if (!contacts) return contacts;
  return contacts.map((c) => (c.contact_id === contactId && c.unread_count ? { ...c, unread_count: 0 } : c));
}

/** The cursor of the page after `page`, or undefined when it was the last one. */
export function nextCursor(page: ConversationPage, pageSize: number): ConversationCursor | undefined {
  // Pending bubbles are never the oldest row of a full page: they are newer than anything fetched.
  const fetched = page.filter((m) => !m.pending);
  if (fetched.length < pageSize) return undefined;
  const last = fetched[fetched.length - 1]!;
  return { before_created_at: last.created_at, before_id: last.id };
}
