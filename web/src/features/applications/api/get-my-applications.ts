import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { MyApplication } from '@/types/api';

/** api.my_applications(): the signed-in creator's applications with a summary of each campaign. */
export function getMyApplications(): Promise<MyApplication[]> {
  return rpc<MyApplication[]>('my_applications');
}

export const getMyApplicationsQueryOptions = () => queryOptions({ queryKey: applicationKeys.mine(), queryFn: getMyApplications });

export function useMyApplications() {
  return useQuery(getMyApplicationsQueryOptions());
}
