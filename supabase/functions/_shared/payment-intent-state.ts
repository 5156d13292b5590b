/**
 * What a Stripe PaymentIntent means for our payment row. Pure functions, shared by the `payments`
 * function (status checks, reconciling) and `stripe-webhook` (events); the database only ever moves a
 * payment's status up (pending < failed < completed < refunded), see api.payment_record_stripe_state.
 */

/** Statuses of app.payments. */
export type PaymentStatus = 'pending' | 'failed' | 'completed' | 'refunded';

/** The fields of a PaymentIntent this module reads (a webhook snapshot or a retrieved object). */
export interface IntentLike {
  id: string;
  status: string;
  amount: number;
  metadata?: Record<string, string> | null;
  last_payment_error?: { message?: string | null } | null;
}

/**
 * The payment status a PaymentIntent stands for: succeeded -> completed; canceled or a failed attempt
 * (back to requires_payment_method with last_payment_error: a declined card) -> failed; anything still
 * under way (no card yet, 3-D Secure, processing) -> pending.
 */
export function paymentStatusOfIntent(pi: IntentLike): PaymentStatus {
  if (pi.status === 'succeeded') return 'completed';
  if (pi.status === 'canceled') return 'failed';
  if (pi.status === 'requires_payment_method' && pi.last_payment_error) return 'failed';
  return 'pending';
}

/** The text the result screen shows for a PaymentIntent: Stripe's own message for a failed attempt. */
export function intentMessage(pi: IntentLike): string {
  switch (pi.status) {
    case 'succeeded':
      return 'Payment successful';
    case 'processing':
      return 'Your payment is processing. It will show as completed once the bank confirms it.';
    case 'canceled':
      return 'This payment was canceled.';
    case 'requires_action':
      return 'The payment needs an authentication that was not completed.';
    case 'requires_payment_method':
      return pi.last_payment_error?.message || 'The payment was not completed.';
    default:
      return 'There was an issue with your payment';
  }
}

/** Our payment id, as the payments function puts it into the PaymentIntent's metadata. */
export function paymentIdOfIntent(pi: IntentLike): string | undefined {
  const id = pi.metadata?.payment_id;
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined;
}

/** Stripe's PaymentIntent id shape (`pi_...`), checked before it is used in a request. */
export function isPaymentIntentId(value: string): boolean {
  return /^pi_[A-Za-z0-9_]{1,250}$/.test(value);
}
