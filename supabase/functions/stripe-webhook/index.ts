import { readFunctionEnv } from '../_shared/function-env.ts';
import { recordPaymentState } from '../_shared/payment-state-change.ts';
import { callRpc } from '../_shared/rpc.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { readStripeEnv, stripeClient } from '../_shared/stripe-client.ts';
import { createWebhookHandler } from './handler.ts';
import { applyThinEvent } from './v2-notifications.ts';

const env = readFunctionEnv();
const stripeEnv = readStripeEnv();
if (!stripeEnv.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
// Service role: Stripe is the caller here, and only this role may write payments.
const service = serviceRoleClientBypassingRls(env);

const stripe = stripeClient(stripeEnv);
Deno.serve(
  createWebhookHandler({
    stripe,
    applyThin: (notification) => applyThinEvent(service, stripe, notification),
    webhookSecret: stripeEnv.webhookSecret,
    record: (change) => recordPaymentState(service, change),
    recordDispute: async (d) =>
      (await callRpc<Array<{ outcome: string }>>(service, 'payment_record_dispute', {
        stripe_payment_id: d.stripePaymentId,
        dispute_id: d.disputeId,
        amount_cents: d.amountCents,
        dispute_status: d.disputeStatus,
        event_id: d.eventId,
        event_type: d.eventType,
        occurred_at: d.occurredAt,
      }))[0]!,
  }),
);
