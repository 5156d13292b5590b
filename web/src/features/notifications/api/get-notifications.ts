import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { AppNotification } from '../types';

export const NOTIFICATIONS_PAGE_SIZE = 20;

type Cursor = { created_at: string; id: string } | null;

/** One page of api.my_notifications, newest first: those before `cursor` (null: the newest). */
export function getNotifications(cursor: Cursor): Promise<AppNotification[]> {
  return rpc<AppNotification[]>('my_notifications', {
    before_at: cursor?.created_at ?? null,
    before_id: cursor?.id ?? null,
    page_size: NOTIFICATIONS_PAGE_SIZE,
  });
}

export const notificationsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: null as Cursor,
    // A short page is the last one; otherwise continue before its last row (keyset on time, then id).
    getNextPageParam: (last): Cursor | undefined => {
      const tail = last.at(-1);
      return last.length < NOTIFICATIONS_PAGE_SIZE || !tail ? undefined : { created_at: tail.created_at, id: tail.id };
    },
  });

/** The signed-in user's notifications, a page at a time (nothing is read without a user). */
export function useNotifications(userId: string | undefined) {
  return useInfiniteQuery({ ...notificationsQueryOptions(userId ?? ''), enabled: !!userId });
}
