import { HttpError } from '../_shared/http-error.ts';
import { intentMessage, paymentIdOfIntent, paymentStatusOfIntent } from '../_shared/payment-intent-state.ts';
import { recordPaymentState } from '../_shared/payment-state-change.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { PaymentsContext } from './create-payment.ts';

/** The spec's payment status check response (amount in cents). */
export interface PaymentStatusResponse {
  status: string;
  amount: number;
  deliverableId: string | null;
  campaignTitle: string | null;
  message: string;
}

interface IntentPayment {
  payment_id: string;
  deliverable_id: string | null;
  campaign_title: string | null;
  amount_cents: number;
  status: string;
}

/**
 * GET /payments/status?payment_intent=...: for the paying brand only (api.payment_for_intent answers
 * 404 to others who cannot see the payment and 403 to the creator). Stripe is asked for the
 * PaymentIntent and the payment row is reconciled with it, so a closed tab or a webhook that has not
 * arrived yet still ends with the right status.
 */
export async function paymentStatus(ctx: PaymentsContext, paymentIntentId: string): Promise<PaymentStatusResponse> {
  const rows = await callRpc<IntentPayment[]>(ctx.caller, 'payment_for_intent', { stripe_payment_id: paymentIntentId });
  const payment = rows[0];
  if (!payment) throw new HttpError(404, 'Payment not found', 'payment_not_found');
  const intent = await ctx.stripe.paymentIntents.retrieve(paymentIntentId);
  const metadataId = paymentIdOfIntent(intent);
  if (metadataId && metadataId !== payment.payment_id) throw new HttpError(404, 'Payment not found', 'payment_not_found');
  const recorded = await recordPaymentState(ctx.service, {
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
  };
}
