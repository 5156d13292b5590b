import { useMutation } from '@tanstack/react-query';
import type { CreatedPayment } from '../types';
import { invokePayments } from './payments-function';

/**
 * POST payments/fund: the PaymentIntent (client secret) that funds a hire's escrow, for the amount agreed
 * when the application was accepted. Paid through the same checkout and result screen as any payment.
 */
export function fundHire({ applicationId }: { applicationId: string }): Promise<CreatedPayment> {
  return invokePayments<CreatedPayment>('fund', { method: 'POST', body: { applicationId } });
}

export function useFundHire(options: { onSuccess?: (p: CreatedPayment) => void; onError?: (e: Error) => void } = {}) {
  return useMutation({ mutationFn: fundHire, ...options });
}
