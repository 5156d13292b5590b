import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { PaymentHistoryItem } from '../types';

/** api.payment_history: what the caller paid (brand) or received (creator), newest first. */
export function getPaymentHistory(): Promise<PaymentHistoryItem[]> {
  return rpc<PaymentHistoryItem[]>('payment_history');
}

export const paymentHistoryQueryOptions = () =>
  // A payment completes in the background (webhook): read it fresh on every visit.
  queryOptions({ queryKey: paymentKeys.history(), queryFn: getPaymentHistory, staleTime: 0 });

export function usePaymentHistory() {
  return useQuery(paymentHistoryQueryOptions());
}
