import type { PaymentStatus } from './payment-intent-state.ts';
import { callRpc } from './rpc.ts';
import type { ApiClient } from './user-client.ts';

/** One observation of Stripe's state for a payment: the arguments of api.payment_record_stripe_state. */
export interface PaymentStateChange {
  stripePaymentId: string;
  targetStatus: PaymentStatus;
  stripeStatus?: string;
  /** Our payment id from the PaymentIntent's metadata (finds a row whose intent id was never saved). */
  knownPaymentId?: string;
  amountRefundedCents?: number;
  occurredAt?: string;
  eventId?: string;
  eventType?: string;
}

/** What the database did with a change. */
export interface RecordOutcome {
  outcome: 'applied' | 'unchanged' | 'duplicate' | 'unknown_payment';
  payment_id: string | null;
  status: PaymentStatus | null;
}

/** The rpc arguments, named as the SQL function's parameters. */
export function recordArgs(c: PaymentStateChange): Record<string, unknown> {
  return {
    stripe_payment_id: c.stripePaymentId,
    target_status: c.targetStatus,
    stripe_status: c.stripeStatus ?? null,
    known_payment_id: c.knownPaymentId ?? null,
    amount_refunded_cents: c.amountRefundedCents ?? null,
    occurred_at: c.occurredAt ?? null,
    event_id: c.eventId ?? null,
    event_type: c.eventType ?? null,
  };
}

/**
 * Records a change with the service-role client (the only role allowed to): the status only moves up,
 * and an event id already recorded makes it a no-op ('duplicate').
 */
export async function recordPaymentState(service: ApiClient, change: PaymentStateChange): Promise<RecordOutcome> {
  const rows = await callRpc<RecordOutcome[]>(service, 'payment_record_stripe_state', recordArgs(change));
  const row = rows[0];
  if (!row) throw new Error('payment_record_stripe_state returned no row');
  return row;
}
