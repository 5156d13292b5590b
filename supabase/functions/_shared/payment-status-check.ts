import type Stripe from 'stripe';
import { HttpError, invalid } from './http-error.ts';
import { intentMessage, isPaymentIntentId, paymentIdOfIntent, paymentStatusOfIntent } from './payment-intent-state.ts';
import { recordPaymentState } from './payment-state-change.ts';
import { callRpc } from './rpc.ts';
import type { ApiClient } from './user-client.ts';

/**
 * The payment status check of spec section 7, shared by the `payments` function (GET /payments/status)
 * and the /api facade (GET /api/check-payment-status), so both answer the same thing for the same
 * PaymentIntent and both reconcile the payment row the same way.
 */

/** The spec's payment status check response (amount in cents). */
export interface PaymentStatusResponse {
  status: string;
  amount: number;
  deliverableId: string | null;
  campaignTitle: string | null;
  message: string;
  /** The hire a funding payment is for (null for a deliverable's payment made before hires existed). */
  applicationId: string | null;
  campaignId: string | null;
}

/** What the check needs: the caller's client (their rights decide), the service role and Stripe. */
export interface PaymentStatusClients {
  /** Acts as the caller: their JWT, their row-level security. */
  caller: ApiClient;
  /** Service role: BYPASSES RLS. Used only after the caller was checked, to record Stripe's state. */
  service: ApiClient;
  stripe: Stripe;
}

interface IntentPayment {
  payment_id: string;
  deliverable_id: string | null;
  campaign_title: string | null;
  amount_cents: number;
  status: string;
  application_id: string | null;
  campaign_id: string | null;
}

/**
 * The PaymentIntent id of `?payment_intent=...`: 400 'No payment information found' when it is missing
 * (the spec's text for that case), 400 when it is not Stripe's `pi_...` shape (never sent to Stripe).
 */
export function paymentIntentParam(url: URL): string {
  const id = url.searchParams.get('payment_intent');
  if (!id) throw invalid('payment_intent', 'No payment information found');
  if (!isPaymentIntentId(id)) throw invalid('payment_intent', 'Not a valid payment reference');
  return id;
}

/**
 * The status of a card payment, for the paying brand only: api.payment_for_intent answers 404 to
 * anyone who cannot see the payment (another brand, an unknown intent) and 403 to the paid creator, and
 * this happens before Stripe is asked. Stripe's PaymentIntent is then retrieved and the payment row
 * reconciled with it, so a closed tab or a webhook that has not arrived yet still ends with the right
 * status. A PaymentIntent whose metadata names another payment is treated as not found.
 */
export async function checkPaymentStatus(clients: PaymentStatusClients, paymentIntentId: string): Promise<PaymentStatusResponse> {
  const rows = await callRpc<IntentPayment[]>(clients.caller, 'payment_for_intent', { stripe_payment_id: paymentIntentId });
  const payment = rows[0];
  if (!payment) throw new HttpError(404, 'Payment not found', 'payment_not_found');
  const intent = await clients.stripe.paymentIntents.retrieve(paymentIntentId);
  const metadataId = paymentIdOfIntent(intent);
  if (metadataId && metadataId !== payment.payment_id) throw new HttpError(404, 'Payment not found', 'payment_not_found');
  const recorded = await recordPaymentState(clients.service, {
    stripePaymentId: intent.id,
    knownPaymentId: payment.payment_id,
    targetStatus: paymentStatusOfIntent(intent),
    stripeStatus: intent.status,
  });
  const refunded = recorded.status === 'refunded';
  return {
    status: refunded ? 'refunded' : intent.status,
    amount: intent.amount,
    deliverableId: payment.deliverable_id,
    campaignTitle: payment.campaign_title,
    message: refunded ? 'This payment was refunded.' : intentMessage(intent),
    applicationId: payment.application_id,
    campaignId: payment.campaign_id,
  };
}
