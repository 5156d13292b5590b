import { queryOptions, useQuery } from '@tanstack/react-query';
import { disputeKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { HireDispute } from '../types';

/** api.hire_dispute: the hire's latest dispute with its thread, for its parties and admins (PT404 otherwise). */
export async function getHireDispute(applicationId: string): Promise<HireDispute | null> {
  const rows = await rpc<HireDispute[]>('hire_dispute', { application_id: applicationId });
  return rows[0] ?? null;
}

export const hireDisputeQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: disputeKeys.hire(applicationId), queryFn: () => getHireDispute(applicationId) });

/** The hire's dispute; while one is open the thread is read again every 30 seconds (the other side may write). */
export function useHireDispute(applicationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...hireDisputeQueryOptions(applicationId),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (isActive(query.state.data?.status) ? 30_000 : false),
  });
}

/** Open or being resolved: the thread still takes messages. */
export function isActive(status: string | null | undefined): boolean {
  return status === 'open' || status === 'resolving';
}
