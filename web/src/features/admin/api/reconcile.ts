import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';

/** One difference between our records and Stripe's (GET payouts/reconcile). */
export interface Drift {
  kind: 'payment' | 'payout' | 'ledger';
  id: string;
  stripeId?: string;
  ours: string;
  stripe: string;
}

/** The reconciliation report: every recent card payment and payout compared with Stripe's object. */
export interface ReconcileReport {
  ok: boolean;
  checked: { payments: number; payouts: number };
  drift: Drift[];
}

/** Asks the payouts function to compare the ledger with Stripe now (it calls Stripe: on request only). */
export const useReconcile = () => useMutation({ mutationFn: () => invokeFunction<ReconcileReport>('payouts/reconcile', { method: 'GET' }) });
