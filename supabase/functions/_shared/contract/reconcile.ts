// The reconciliation report of GET /payouts/reconcile, as the payouts function writes it and the admin
// dashboard reads it.

/** One difference between our records and Stripe's. */
export interface Drift {
  kind: 'payment' | 'payout' | 'ledger';
  id: string;
  stripeId?: string;
  ours: string;
  stripe: string;
}

/** Every recent card payment and payout compared with Stripe's object, and what differs. */
export interface ReconcileReport {
  ok: boolean;
  checked: { payments: number; payouts: number };
  ledger: Record<string, number>;
  financialAccount: { id: string; balance: unknown };
  drift: Drift[];
}
