import { useMutation } from '@tanstack/react-query';
import type { CreatedPayment } from '../types';
import { invokePayments } from './payments-function';

/**
 * POST payments/fund-renewal (decision 0060): the PaymentIntent (client secret) that pays an accepted licence
 * renewal, for its agreed price. Paid through the same checkout and result screen as any payment.
 */
export function fundRenewal({ renewalId }: { renewalId: string }): Promise<CreatedPayment> {
  return invokePayments<CreatedPayment>('fund-renewal', { method: 'POST', body: { renewalId } });
}

export function useFundRenewal(options: { onSuccess?: (p: CreatedPayment) => void; onError?: (e: Error) => void } = {}) {
  return useMutation({ mutationFn: fundRenewal, ...options });
}
