import { useMutation } from '@tanstack/react-query';
import type { ReconcileReport } from '@contract/reconcile';
import { invokeFunction } from '@/lib/invoke-function';

/** Asks the payouts function to compare the ledger with Stripe now (it calls Stripe: on request only). */
export const useReconcile = () => useMutation({ mutationFn: () => invokeFunction<ReconcileReport>('payouts/reconcile', { method: 'GET' }) });
