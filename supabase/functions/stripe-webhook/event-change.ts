import type Stripe from 'stripe';
import { paymentIdOfIntent, paymentStatusOfIntent, type IntentLike } from '../_shared/payment-intent-state.ts';
import type { PaymentStateChange } from '../_shared/payment-state-change.ts';

/**
 * The payment change an event stands for, or null for an event we ignore (every type but the four
 * below is acknowledged and ignored). Pure: the snapshot in the
 * event says what the PaymentIntent (or the refunded Charge) looked like when the event happened; the
 * database decides whether it is news (statuses only move up), so order and repeats do not matter.
 */
export function changeOfEvent(event: Pick<Stripe.Event, 'id' | 'type' | 'created' | 'data'>): PaymentStateChange | null {
  const occurredAt = new Date(event.created * 1000).toISOString();
  const base = { eventId: event.id, eventType: event.type, occurredAt };
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const pi = event.data.object as unknown as IntentLike;
      return {
        ...base,
        stripePaymentId: pi.id,
        targetStatus: paymentStatusOfIntent(pi),
        stripeStatus: pi.status,
        knownPaymentId: paymentIdOfIntent(pi),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object as unknown as { payment_intent: string | { id: string } | null; refunded: boolean; amount_refunded: number };
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return null;
      // A partial refund leaves the payment completed (with the refunded amount); a full one refunds it.
      return {
        ...base,
        stripePaymentId: intentId,
        targetStatus: charge.refunded ? 'refunded' : 'completed',
        stripeStatus: 'succeeded',
        amountRefundedCents: charge.amount_refunded,
      };
    }
    default:
      return null;
  }
}
