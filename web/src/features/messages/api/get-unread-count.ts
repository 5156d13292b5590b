import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, rpc } from '@/lib/supabase';

/** PostgREST's "function not found": the messaging migration has not been applied. */
const MISSING_FUNCTION = 'PGRST202';

/** api.unread_count(): messages addressed to the signed-in user and not read yet. */
export function getUnreadCount(): Promise<number> {
  return rpc<number>('unread_count');
}

export const getUnreadCountQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['messages', 'unread-count', userId],
    queryFn: getUnreadCount,
    enabled: !!userId,
    // Spec: polled every 60 seconds. Stop polling if the database has no such function.
    refetchInterval: (query) => (query.state.error instanceof ApiError && query.state.error.code === MISSING_FUNCTION ? false : 60_000),
  });

/** The unread count for the sidebar badge; 0 while loading or when it cannot be read. */
export function useUnreadCount(userId: string | undefined): number {
  const { data } = useQuery(getUnreadCountQueryOptions(userId));
  return typeof data === 'number' ? data : 0;
}
