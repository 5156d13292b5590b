import Stripe from 'stripe';
import type { PaymentStateChange, RecordOutcome } from '../_shared/payment-state-change.ts';
import { changeOfEvent } from './event-change.ts';
import { HttpError } from '../_shared/http-error.ts';
import { readBodyText } from '../_shared/request-body.ts';

export interface WebhookDeps {
  /** Used only for its webhook helpers (signature checks); no API call is made here. */
  stripe: Stripe;
  webhookSecret: string;
  /** Writes the change (api.payment_record_stripe_state through the service role). */
  record(change: PaymentStateChange): Promise<RecordOutcome>;
  log?: (line: string) => void;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * The `stripe-webhook` function (verify_jwt = false: Stripe signs instead of sending a JWT).
 * - 400 when the Stripe-Signature does not match the raw body or is older than Stripe's tolerance (300 s).
 * - 200 for every verified event: acted on, a repeat ('duplicate'), or a type we ignore.
 * - 500 when the database could not record it, so Stripe delivers it again later.
 */
export function createWebhookHandler(deps: WebhookDeps) {
  const log = deps.log ?? ((line: string) => console.error(line));
  return async function handleStripeWebhook(req: Request): Promise<Response> {
    if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
    const signature = req.headers.get('stripe-signature');
    if (!signature) return json(400, { error: 'Missing Stripe-Signature header' });
    // The signature covers the exact bytes: read the raw body, never a re-serialized JSON.
    let body: string;
    try {
      body = await readBodyText(req);
    } catch (e) {
      if (e instanceof HttpError) return json(e.status, { error: e.message });
      throw e;
    }
    let event: Stripe.Event;
    try {
      event = await deps.stripe.webhooks.constructEventAsync(body, signature, deps.webhookSecret, undefined, cryptoProvider);
    } catch (e) {
      log(`stripe-webhook: refused an event: ${(e as Error).message}`);
      return json(400, { error: 'Invalid signature' });
    }
    const change = changeOfEvent(event);
    if (!change) return json(200, { received: true, ignored: true });
    try {
      const result = await deps.record(change);
      if (result.outcome === 'unknown_payment') log(`stripe-webhook: ${event.type} ${event.id} for an unknown PaymentIntent ${change.stripePaymentId}`);
      return json(200, { received: true, outcome: result.outcome });
    } catch (e) {
      log(`stripe-webhook: could not record ${event.type} ${event.id}: ${(e as Error).message}`);
      return json(500, { error: 'Could not record the event' });
    }
  };
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}
