import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CreatorStatistics } from '../types';

/** api.creator_statistics(id): the creator's track record, or null when the user is not a creator. */
export async function getCreatorStatistics(id: string): Promise<CreatorStatistics | null> {
  const rows = await rpc<CreatorStatistics[]>('creator_statistics', { creator_id: id });
  const row = rows[0];
  // numeric arrives as a string or a number depending on the driver path; the screen wants a number.
  return row ? { ...row, acceptance_rate: row.acceptance_rate == null ? null : Number(row.acceptance_rate) } : null;
}

export const getCreatorStatisticsQueryOptions = (id: string) =>
  queryOptions({ queryKey: creatorKeys.statistics(id), queryFn: () => getCreatorStatistics(id) });

export function useCreatorStatistics(id: string) {
  return useQuery(getCreatorStatisticsQueryOptions(id));
}
