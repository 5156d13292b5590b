import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { HireQuote } from '../types';

/**
 * api.hire_quote: what funding the calling brand's hire costs (amount, platform fee, what the creator
 * receives); refused with already_funded, hire_closed, no_funding_needed or not_owner.
 */
export async function getHireQuote(applicationId: string): Promise<HireQuote | null> {
  const rows = await rpc<HireQuote[]>('hire_quote', { application_id: applicationId });
  return rows[0] ?? null;
}

export const hireQuoteQueryOptions = (applicationId: string) =>
  // Fresh on every opening: the hire may have been funded or canceled meanwhile.
  queryOptions({ queryKey: paymentKeys.hireQuote(applicationId), queryFn: () => getHireQuote(applicationId), staleTime: 0, retry: false });

export function useHireQuote(applicationId: string) {
  return useQuery(hireQuoteQueryOptions(applicationId));
}
