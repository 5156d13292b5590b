import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

type Listener = () => void;

/**
 * One channel per signed-in user for the whole app, shared by whoever listens: its topic is fixed
 * (`notifications:<id>`, what the RLS policy admits), so a quick unmount/mount (StrictMode, a route
 * change) must not leave and re-join it; it is left a moment after its last listener goes.
 */
interface SharedChannel {
  userId: string;
  listeners: Set<Listener>;
  channel?: ReturnType<typeof supabase.channel>;
  leave?: ReturnType<typeof setTimeout>;
}
let shared: SharedChannel | null = null;

function listen(userId: string, listener: Listener): () => void {
  if (shared && shared.userId !== userId) {
    if (shared.channel) void supabase.removeChannel(shared.channel);
    shared = null;
  }
  if (!shared) {
    const entry: SharedChannel = { userId, listeners: new Set() };
    shared = entry;
    // A private channel is authorized with the user's token: hand it to Realtime before joining.
    void supabase.realtime.setAuth().then(() => {
      if (shared !== entry) return;
      const notify = () => {
        for (const l of entry.listeners) l();
      };
      entry.channel = supabase
        .channel(`notifications:${userId}`, { config: { private: true } })
        .on('broadcast', { event: 'notification' }, notify)
        // On every (re)join: what came while disconnected is read again.
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') notify();
        });
    });
  }
  const entry = shared;
  clearTimeout(entry.leave);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.leave = setTimeout(() => {
      if (shared !== entry || entry.listeners.size > 0) return;
      if (entry.channel) void supabase.removeChannel(entry.channel);
      shared = null;
    }, 1_000);
  };
}

/**
 * Keeps the user's private notifications channel open while they are signed in: the database broadcasts
 * each new notification there (only this user may join it), and the bell and the list are read again.
 */
export function useLiveNotifications(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return listen(userId, () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }));
  }, [userId, queryClient]);
}
