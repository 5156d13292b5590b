import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { useRealtimeLive } from './realtime-status';

/** Spec section 9: the unread count is polled every 60 seconds. Here only while Realtime is down. */
export const UNREAD_POLL_MS = 60_000;

/** api.unread_count(): messages addressed to the signed-in user and not read yet. */
export function getUnreadCount(): Promise<number> {
  return rpc<number>('unread_count');
}

export const getUnreadCountQueryOptions = (userId: string | undefined, live = false) =>
  queryOptions({
    queryKey: messageKeys.unreadCount(userId),
    queryFn: getUnreadCount,
    enabled: !!userId,
    // While the channel is joined every change arrives as an event; the poll is the fallback when it is not.
    refetchInterval: live ? false : UNREAD_POLL_MS,
  });

/** The unread count for the sidebar badge; 0 while loading or when it cannot be read. */
export function useUnreadCount(userId: string | undefined): number {
  const live = useRealtimeLive();
  const { data } = useQuery(getUnreadCountQueryOptions(userId, live));
  return typeof data === 'number' ? data : 0;
}
