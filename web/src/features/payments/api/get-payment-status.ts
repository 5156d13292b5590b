import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import type { PaymentStatusCheck } from '../types';
import { invokePayments } from './payments-function';

/** GET payments/status: Stripe's word on a PaymentIntent, for the paying brand (reconciles the payment). */
export function getPaymentStatus(paymentIntentId: string): Promise<PaymentStatusCheck> {
  return invokePayments<PaymentStatusCheck>(`status?payment_intent=${encodeURIComponent(paymentIntentId)}`, { method: 'GET' });
}

export const paymentStatusQueryOptions = (paymentIntentId: string) =>
  // Never cached: the answer changes as the payment completes, and each visit reconciles.
  queryOptions({ queryKey: paymentKeys.status(paymentIntentId), queryFn: () => getPaymentStatus(paymentIntentId), staleTime: 0, gcTime: 0 });

export function usePaymentStatus(paymentIntentId: string | null) {
  return useQuery({ ...paymentStatusQueryOptions(paymentIntentId ?? ''), enabled: !!paymentIntentId });
}
