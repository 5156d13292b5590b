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

/** A chargeback observed in a `charge.dispute.*` event: the arguments of api.payment_record_dispute. */
export interface DisputeChange {
  stripePaymentId: string;
  disputeId: string;
  amountCents: number;
  /** Stripe's dispute status; 'won' returns the money, anything else means it left the balance. */
  disputeStatus: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
}

const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.dispute.closed', 'charge.dispute.funds_reinstated']);

/**
 * The chargeback an event stands for, or null. Opening a dispute withdraws the money; closing it as won
 * (or reinstating the funds) returns it; a lost dispute changes nothing more. The database records each
 * direction once per dispute, so repeats and the overlapping event types are harmless.
 */
export function disputeOfEvent(event: Pick<Stripe.Event, 'id' | 'type' | 'created' | 'data'>): DisputeChange | null {
  if (!DISPUTE_EVENTS.has(event.type)) return null;
  const dispute = event.data.object as unknown as { id: string; amount: number; status: string; payment_intent: string | { id: string } | null };
  const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return null;
  const won = event.type === 'charge.dispute.funds_reinstated' || (event.type === 'charge.dispute.closed' && dispute.status === 'won');
  if (event.type === 'charge.dispute.closed' && !won) return null;
  return {
    stripePaymentId: intentId,
    disputeId: dispute.id,
    amountCents: dispute.amount,
    disputeStatus: won ? 'won' : dispute.status,
    eventId: event.id,
    eventType: event.type,
    occurredAt: new Date(event.created * 1000).toISOString(),
  };
}
