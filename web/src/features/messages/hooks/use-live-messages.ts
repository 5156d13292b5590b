import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@/lib/supabase';
import { useEffect } from 'react';
import { messageKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { applyMessageToContacts, markReadInConversation, upsertMessage, type ConversationData } from '../api/message-cache';
import { setRealtimeLive } from '../api/realtime-status';
import type { Contact, Message } from '../api/types';

/** The schema and table of the messages (the `api` schema only holds functions). */
const SCHEMA = 'app';
const TABLE = 'messages';
/** Read-flag updates come in bursts (a whole conversation at once): they are applied together. */
const UPDATE_BATCH_MS = 50;
/** Counts are re-read from the server shortly after a change, so optimistic numbers never drift. */
const RECONCILE_MS = 150;

type Row = Record<string, unknown>;

function toMessage(row: Row): Message | null {
  if (typeof row.id !== 'string' || typeof row.sender_id !== 'string' || typeof row.receiver_id !== 'string') return null;
  return {
    id: row.id,
    sender_id: row.sender_id,
    receiver_id: row.receiver_id,
    content: String(row.content ?? ''),
    read: row.read === true,
    created_at: String(row.created_at ?? new Date().toISOString()),
    client_id: typeof row.client_id === 'string' ? row.client_id : null,
  };
}

/** A new message reaches the caches of `me`: its conversation, the contact list and the unread count. */
export function applyInsert(queryClient: QueryClient, me: string, message: Message): void {
  const other = message.sender_id === me ? message.receiver_id : message.sender_id;
  queryClient.setQueryData<ConversationData>(messageKeys.conversation(me, other), (d) => upsertMessage(d, message));
  const contacts = queryClient.getQueryData<Contact[]>(messageKeys.contacts(me));
  const next = applyMessageToContacts(contacts, message, me);
  if (next === null) void queryClient.invalidateQueries({ queryKey: messageKeys.contacts(me) });
  else if (next !== contacts) queryClient.setQueryData(messageKeys.contacts(me), next);
  if (message.receiver_id === me && !message.read) {
    queryClient.setQueryData<number>(messageKeys.unreadCount(me), (n) => (typeof n === 'number' ? n + 1 : n));
  }
}

function isReadInCache(queryClient: QueryClient, me: string, other: string, id: string): boolean {
  const data = queryClient.getQueryData<ConversationData>(messageKeys.conversation(me, other));
  return !!data?.pages.some((page) => page.some((m) => m.id === id && m.read));
}

/**
 * The signed-in user's ONE Realtime channel: INSERT and UPDATE of app.messages where they are the
 * receiver or the sender (RLS on the server checks the same), written into the TanStack Query caches.
 * While it is joined the unread poll stops; after a reconnect everything of the user is re-read, since
 * events sent while the socket was down are not replayed. supabase-js passes refreshed tokens to the
 * socket itself (`realtime.setAuth` on TOKEN_REFRESHED / SIGNED_IN), and the channel is removed on
 * unmount and when the user changes or signs out.
 */
export function useLiveMessages(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const me = userId;
    let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
    let updateTimer: ReturnType<typeof setTimeout> | undefined;
    const readIds = new Map<string, Set<string>>();
    let subscribedBefore = false;

    let reconcileContacts = false;
    /** Re-reads the unread count (and the contact list's counts when `contacts`) once a burst is over. */
    const reconcile = (contacts: boolean) => {
      reconcileContacts ||= contacts;
      clearTimeout(reconcileTimer);
      reconcileTimer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount(me) });
        if (reconcileContacts) void queryClient.invalidateQueries({ queryKey: messageKeys.contacts(me) });
        reconcileContacts = false;
      }, RECONCILE_MS);
    };

    const flushUpdates = () => {
      updateTimer = undefined;
      for (const [key, ids] of readIds) {
        const [other, receiver] = key.split(' ') as [string, string];
        queryClient.setQueryData<ConversationData>(messageKeys.conversation(me, other), (d) => markReadInConversation(d, receiver, ids));
      }
      readIds.clear();
    };

    const onInsert = (payload: RealtimePostgresChangesPayload<Row>) => {
      const message = toMessage(payload.new as Row);
      if (!message) return;
      applyInsert(queryClient, me, message);
      // Into an open conversation the screen marks it read, and that re-reads the count anyway.
      const open = (queryClient.getQueryCache().find({ queryKey: messageKeys.conversation(me, message.sender_id), exact: true })?.getObserversCount() ?? 0) > 0;
      if (message.receiver_id === me && !open) reconcile(false);
    };

    const onUpdate = (payload: RealtimePostgresChangesPayload<Row>) => {
      const message = toMessage(payload.new as Row);
      if (!message?.read) return;
      const other = message.sender_id === me ? message.receiver_id : message.sender_id;
      const key = `${other} ${message.receiver_id}`;
      const ids = readIds.get(key) ?? new Set<string>();
      ids.add(message.id);
      readIds.set(key, ids);
      updateTimer ??= setTimeout(flushUpdates, UPDATE_BATCH_MS);
      // Read in another tab (or device) of this user: the badge follows. Not when this tab did it (its
      // copy is read already, optimistically): that would only re-read what it knows.
      if (message.receiver_id === me && !isReadInCache(queryClient, me, other, message.id)) reconcile(true);
    };

    const binding = (event: 'INSERT' | 'UPDATE', column: 'receiver_id' | 'sender_id') =>
      ({ event, schema: SCHEMA, table: TABLE, filter: `${column}=eq.${me}` }) as const;

    // A unique topic per mount: a quick unmount/mount (React StrictMode) never reuses a channel being left.
    const channel = supabase
      .channel(`messages:${me}:${Math.random().toString(36).slice(2, 10)}`)
      .on('postgres_changes', binding('INSERT', 'receiver_id'), onInsert)
      .on('postgres_changes', binding('INSERT', 'sender_id'), onInsert)
      .on('postgres_changes', binding('UPDATE', 'receiver_id'), onUpdate)
      .on('postgres_changes', binding('UPDATE', 'sender_id'), onUpdate)
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') {
          setRealtimeLive(true);
          // Whatever changed between the first reads and now (or while disconnected) is read again.
          if (subscribedBefore) void queryClient.invalidateQueries({ queryKey: messageKeys.all(me) });
          else reconcile(true);
          subscribedBefore = true;
        } else {
          setRealtimeLive(false);
        }
      });

    return () => {
      clearTimeout(reconcileTimer);
      if (updateTimer) flushUpdates();
      clearTimeout(updateTimer);
      setRealtimeLive(false);
      void supabase.removeChannel(channel);
    };
  }, [userId, queryClient]);
}
