import type { StackConfig } from '../config.ts';
import type { Logger } from '../context.ts';
import { STRIPE_API_VERSION, type StripeDoubleConfig } from './config.ts';
import { newId, nowSeconds } from './ids.ts';
import type { StripeEvent } from './objects.ts';
import { Scheduler } from './scheduler.ts';
import type { StripeStore } from './store.ts';
import { thinNotification } from './thin-events.ts';
import { type RelatedObject, type StoredV2Event, type V2Event, v2Time } from './v2-objects.ts';
import { type Delivery, WebhookSender } from './webhook-sender.ts';

/** Who caused a change, stamped on its events as Stripe's `request` field. */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
  /** API v2's `Stripe-Context` header: the account a request acts in (a recipient's payout methods). */
  context?: string;
}

/** Events not delivered yet are retried after a restart while younger than Stripe's retry window. */
const RETRY_WINDOW_S = 3 * 24 * 3600;

/** What a v2 event points at and carries; see https://docs.stripe.com/api/v2/core/events. */
export interface V2EventOptions {
  related?: RelatedObject;
  /** The account the related object lives in (a recipient's payout method), for `Stripe-Context`. */
  context?: string;
  data?: Record<string, unknown>;
  request?: RequestInfo;
}

/** The double's shared machinery: state, settings, timers, and events with their webhook deliveries. */
export class StripeCore {
  readonly webhooks: WebhookSender;
  readonly scheduler: Scheduler;
  private readonly toDeliver: Delivery[] = [];

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
        // A given-up event stays pending, so the next start tries it again within the retry window.
        if (!delivered) return;
        const v1 = this.store.state.events[event.id];
        const v2 = this.store.state.v2Events[event.id];
        if (v1 && v1.pending_webhooks > 0) v1.pending_webhooks = 0;
        else if (v2?.pending) v2.pending = false;
        else return;
        void this.store.save().catch((e: unknown) => log(`stripe: saving state failed: ${String(e)}`));
      },
    });
    this.scheduler = new Scheduler(log);
  }

  /** Re-queues events a previous run did not deliver. */
  resumePendingDeliveries(): void {
    const oldest = nowSeconds() - RETRY_WINDOW_S;
    for (const event of Object.values(this.store.state.events)) {
      if (event.pending_webhooks > 0 && event.created >= oldest) this.webhooks.enqueue(this.v1Delivery(event));
    }
    for (const stored of Object.values(this.store.state.v2Events)) {
      if (stored.pending && Date.parse(stored.event.created) / 1000 >= oldest) this.webhooks.enqueue(this.v2Delivery(stored));
    }
  }

  /** The delivery of a stored event of either API version, for the Dashboard-like resend. */
  deliveryOf(id: string): Delivery | undefined {
    const v1 = this.store.state.events[id];
    if (v1) return this.v1Delivery(v1);
    const v2 = this.store.state.v2Events[id];
    return v2 ? this.v2Delivery(v2) : undefined;
  }

  private v1Delivery(event: StripeEvent): Delivery {
    // Stripe sends pretty-printed JSON, counting the attempt's own endpoint as pending.
    return { id: event.id, type: event.type, body: () => JSON.stringify({ ...event, pending_webhooks: Math.max(1, event.pending_webhooks) }, null, 2) };
  }

  private v2Delivery(stored: StoredV2Event): Delivery {
    return { id: stored.event.id, type: stored.event.type, body: () => JSON.stringify(thinNotification(stored.event), null, 2) };
  }

  private sends(type: string): boolean {
    return this.config.webhookEvents === '*' || this.config.webhookEvents.has(type);
  }

  /**
   * Records an event with a snapshot of the object as it is now. Delivery starts at `commit()`, after
   * the state is saved, so a webhook handler that fetches the object sees what the event says.
   */
  emit(type: string, object: unknown, request: RequestInfo, previous?: Record<string, unknown>): StripeEvent {
    const sent = this.sends(type);
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
    if (sent) this.toDeliver.push(this.v1Delivery(event));
    return event;
  }

  /**
   * Records a v2 event. Its webhook is a thin notification (no object snapshot): the receiver fetches the
   * event or its related object, which is why delivery waits for `commit()` here too.
   */
  emitV2(type: string, opts: V2EventOptions = {}): V2Event {
    const event: V2Event = {
      id: newId('evt_test'),
      object: 'v2.core.event',
      ...(opts.context ? { context: opts.context } : {}),
      created: v2Time(),
      ...(opts.data ? { data: structuredClone(opts.data) } : {}),
      livemode: false,
      ...(opts.request?.id ? { reason: { type: 'request' as const, request: { id: opts.request.id, idempotency_key: opts.request.idempotencyKey } } } : {}),
      ...(opts.related ? { related_object: opts.related } : {}),
      type,
    };
    const stored: StoredV2Event = { event, pending: this.sends(type) };
    this.store.state.v2Events[event.id] = stored;
    if (stored.pending) this.toDeliver.push(this.v2Delivery(stored));
    return event;
  }

  /** Resolves when no delayed step, and no webhook delivery, is running or scheduled. */
  async idle(): Promise<void> {
    do {
      await this.scheduler.idle();
      await this.webhooks.idle();
    } while (this.scheduler.busy);
  }

  close(): void {
    this.scheduler.close();
    this.webhooks.close();
  }

  /** Saves the state, then starts delivering the events emitted since the last commit. */
  async commit(): Promise<void> {
    await this.store.save();
    for (const event of this.toDeliver.splice(0)) this.webhooks.enqueue(event);
  }
}
