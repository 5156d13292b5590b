import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorDashboardKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CreatorDashboard } from '@/types/api';

/** api.creator_dashboard(): the signed-in creator's figures. */
export function getCreatorDashboard(): Promise<CreatorDashboard> {
  return rpc<CreatorDashboard>('creator_dashboard');
}

export const getCreatorDashboardQueryOptions = () => queryOptions({ queryKey: creatorDashboardKeys.all, queryFn: getCreatorDashboard });

export function useCreatorDashboard() {
  return useQuery(getCreatorDashboardQueryOptions());
}
