import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { UserSummary } from './types';

/** api.user_summary(): the name of a person to message, or null when there is no such user. */
export async function getUserSummary(otherId: string): Promise<UserSummary | null> {
  const rows = await rpc<UserSummary[] | UserSummary | null>('user_summary', { user_id: otherId });
  return Array.isArray(rows) ? (rows[0] ?? null) : rows;
}

export const getUserSummaryQueryOptions = (userId: string, otherId: string | undefined) =>
  queryOptions({
    queryKey: messageKeys.userSummary(userId, otherId ?? ''),
    queryFn: () => getUserSummary(otherId!),
    enabled: !!otherId,
  });

export function useUserSummary(userId: string, otherId: string | undefined) {
  return useQuery(getUserSummaryQueryOptions(userId, otherId));
}
