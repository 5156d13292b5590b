import { useMutation } from '@tanstack/react-query';
import type { CreatedPayment } from '../types';
import { invokePayments } from './payments-function';

export interface CreatePaymentInput {
  deliverableId: string;
  /** Integer cents, for performance-based pay or a product-exchange bonus. */
  amountCents?: number;
}

/** POST payments/create: the PaymentIntent (client secret) for paying a deliverable. */
export function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
  return invokePayments<CreatedPayment>('create', { method: 'POST', body: { ...input } });
}

export function useCreatePayment(options: { onSuccess?: (p: CreatedPayment) => void; onError?: (e: Error) => void } = {}) {
  return useMutation({ mutationFn: createPayment, ...options });
}
