import type { StackConfig } from '../config.ts';
import type { Logger } from '../context.ts';
import { STRIPE_API_VERSION, type StripeDoubleConfig } from './config.ts';
import { newId, nowSeconds } from './ids.ts';
import type { StripeEvent } from './objects.ts';
import type { StripeStore } from './store.ts';
import { WebhookSender } from './webhook-sender.ts';

/** Who caused a change, stamped on its events as Stripe's `request` field. */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

/** Events not delivered yet are retried after a restart while younger than Stripe's retry window. */
const RETRY_WINDOW_S = 3 * 24 * 3600;

/** The double's shared machinery: state, settings, and events with their webhook deliveries. */
export class StripeCore {
  readonly webhooks: WebhookSender;
  private readonly toDeliver: StripeEvent[] = [];

  constructor(
    readonly store: StripeStore,
    readonly config: StripeDoubleConfig,
    readonly stack: StackConfig,
    readonly log: Logger,
  ) {
    this.webhooks = new WebhookSender({
      url: config.webhookUrl,
      secret: config.webhookSecret,
      retryMs: config.webhookRetryMs,
      maxAttempts: config.webhookMaxAttempts,
      timeoutMs: config.webhookTimeoutMs,
      log,
      settled: (event, delivered) => {
        const stored = this.store.state.events[event.id];
        // A given-up event stays pending, so the next start tries it again within the retry window.
        if (stored && delivered && stored.pending_webhooks > 0) {
          stored.pending_webhooks = 0;
          void this.store.save().catch((e: unknown) => log(`stripe: saving state failed: ${String(e)}`));
        }
      },
    });
  }

  /** Re-queues events a previous run did not deliver. */
  resumePendingDeliveries(): void {
    const oldest = nowSeconds() - RETRY_WINDOW_S;
    for (const event of Object.values(this.store.state.events)) {
      if (event.pending_webhooks > 0 && event.created >= oldest) this.webhooks.enqueue(event);
    }
  }

  /**
   * Records an event with a snapshot of the object as it is now. Delivery starts at `commit()`, after
   * the state is saved, so a webhook handler that fetches the object sees what the event says.
   */
  emit(type: string, object: unknown, request: RequestInfo, previous?: Record<string, unknown>): StripeEvent {
    const sent = this.config.webhookEvents === '*' || this.config.webhookEvents.has(type);
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: nowSeconds(),
      data: previous ? { object: structuredClone(object), previous_attributes: previous } : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: sent ? 1 : 0,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    this.store.state.events[event.id] = event;
    if (sent) this.toDeliver.push(event);
    return event;
  }

  /** Saves the state, then starts delivering the events emitted since the last commit. */
  async commit(): Promise<void> {
    await this.store.save();
    for (const event of this.toDeliver.splice(0)) this.webhooks.enqueue(event);
  }
}
