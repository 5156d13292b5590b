import { useQuery } from '@tanstack/react-query';
import { notificationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** The bell's count: how many of the user's notifications are unread (0 until there is a user). */
export function useUnreadNotificationCount(userId: string | undefined): number {
  const query = useQuery({
    queryKey: notificationKeys.unread(userId ?? ''),
    queryFn: () => rpc<number>('unread_notification_count'),
    enabled: !!userId,
    // Live through the Realtime channel; polled only as a fallback.
    refetchInterval: 120_000,
  });
  return query.data ?? 0;
}
