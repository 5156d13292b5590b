import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { MyApplication } from '@/types/api';
import type { MyApplicationRow } from '../types';
import { parseHire } from '@contract/hire';

/** api.my_applications(): the signed-in creator's applications with a summary of each campaign and its hire. */
export async function getMyApplications(): Promise<MyApplicationRow[]> {
  const rows = await rpc<MyApplication[]>('my_applications');
  return rows.map((row) => ({ ...row, cancel_reason: row.cancel_reason ?? null, hire: parseHire(row.hire) }));
}

export const getMyApplicationsQueryOptions = () => queryOptions({ queryKey: applicationKeys.mine(), queryFn: getMyApplications });

export function useMyApplications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyApplicationsQueryOptions(), ...options });
}
