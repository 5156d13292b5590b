import Stripe from 'stripe';
import type { PaymentStateChange, RecordOutcome } from '../_shared/payment-state-change.ts';
import { changeOfEvent, type DisputeChange, disputeOfEvent } from './event-change.ts';
import { HttpError } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import type { ThinNotification } from './v2-notifications.ts';

export interface WebhookDeps {
  /** Used only for its webhook helpers (signature checks); no API call is made here. */
  stripe: Stripe;
  webhookSecret: string;
  /** Writes the change (api.payment_record_stripe_state through the service role). */
  record(change: PaymentStateChange): Promise<RecordOutcome>;
  /** Applies a v2 thin event (recipient accounts, payouts); see v2-notifications.ts. */
  applyThin?(notification: ThinNotification): Promise<string>;
  /** Writes a chargeback (api.payment_record_dispute through the service role). */
  recordDispute?(change: DisputeChange): Promise<{ outcome: string }>;
  log?: (line: string) => void;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** True for a v2 thin event notification (`object: 'v2.core.event'`), which constructEvent refuses. */
function isThinEvent(body: string): boolean {
  try {
    return (JSON.parse(body) as { object?: unknown }).object === 'v2.core.event';
  } catch {
    return false;
  }
}

/**
 * The `stripe-webhook` function (verify_jwt = false: Stripe signs instead of sending a JWT). No CORS:
 * Stripe's servers call it, never a page.
 * - 400 when the Stripe-Signature does not match the raw body or is older than Stripe's tolerance (300 s).
 * - 200 for every verified event: acted on, a repeat ('duplicate'), or a type we ignore.
 * - 500 when the database could not record it, so Stripe delivers it again later.
 * Errors: JSON {code, message}.
 */
export function createWebhookHandler(deps: WebhookDeps) {
  const log = deps.log ?? ((line: string) => console.error(line));
  return jsonHandler(async (req, ctx) => {
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    const signature = req.headers.get('stripe-signature');
    if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header', 'missing_signature');
    // The signature covers the exact bytes: read the raw body, never a re-serialized JSON.
    const body = await ctx.text();
    if (deps.applyThin && isThinEvent(body)) {
      let notification: ThinNotification;
      try {
        notification = (await deps.stripe.parseEventNotificationAsync(body, signature, deps.webhookSecret, undefined, cryptoProvider)) as unknown as ThinNotification;
      } catch (e) {
        log(`stripe-webhook: refused a thin event: ${(e as Error).message}`);
        throw new HttpError(400, 'Invalid signature', 'invalid_signature');
      }
      try {
        return { status: 200, body: { received: true, outcome: await deps.applyThin(notification) } };
      } catch (e) {
        log(`stripe-webhook: could not apply ${notification.type} ${notification.id}: ${(e as Error).message}`);
        throw new HttpError(500, 'Could not record the event', 'record_failed');
      }
    }
    let event: Stripe.Event;
    try {
      event = await deps.stripe.webhooks.constructEventAsync(body, signature, deps.webhookSecret, undefined, cryptoProvider);
    } catch (e) {
      log(`stripe-webhook: refused an event: ${(e as Error).message}`);
      throw new HttpError(400, 'Invalid signature', 'invalid_signature');
    }
    const dispute = deps.recordDispute ? disputeOfEvent(event) : null;
    if (dispute && deps.recordDispute) {
      try {
        const result = await deps.recordDispute(dispute);
        return { status: 200, body: { received: true, outcome: result.outcome } };
      } catch (e) {
        log(`stripe-webhook: could not record ${event.type} ${event.id}: ${(e as Error).message}`);
        throw new HttpError(500, 'Could not record the event', 'record_failed');
      }
    }
    const change = changeOfEvent(event);
    if (!change) return { status: 200, body: { received: true, ignored: true } };
    try {
      const result = await deps.record(change);
      if (result.outcome === 'unknown_payment') log(`stripe-webhook: ${event.type} ${event.id} for an unknown PaymentIntent ${change.stripePaymentId}`);
      return { status: 200, body: { received: true, outcome: result.outcome } };
    } catch (e) {
      log(`stripe-webhook: could not record ${event.type} ${event.id}: ${(e as Error).message}`);
      throw new HttpError(500, 'Could not record the event', 'record_failed');
    }
  }, { name: 'stripe-webhook', log, cors: false });
}
