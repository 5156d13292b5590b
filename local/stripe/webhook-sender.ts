import { signatureHeader } from './webhook-signature.ts';

/**
 * One event to POST: a v1 snapshot event or a v2 thin event notification. `body` is rendered at each
 * attempt, because a v1 event's `pending_webhooks` may change between attempts.
 */
export interface Delivery {
  id: string;
  type: string;
  body(): string;
}

export interface WebhookSenderOptions {
  url(): string;
  secret: string;
  retryMs: number;
  maxAttempts: number;
  timeoutMs: number;
  log(line: string): void;
  /** Called once an event is delivered (2xx) or given up on. */
  settled(event: Delivery, delivered: boolean): void;
}

/** What one delivery attempt got: the endpoint's status, or null when the request failed. */
export interface AttemptResult {
  status: number | null;
}

/**
 * Delivers events like Stripe: a POST of the event as JSON with a fresh signature per attempt, success on
 * any 2xx, otherwise retries with exponential backoff up to maxAttempts. Deliveries run in the
 * background, each event on its own schedule (Stripe does not guarantee order either).
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly aborts = new Set<AbortController>();
  private closed = false;

  constructor(private readonly opts: WebhookSenderOptions) {}

  /** Starts delivering an event (attempt 1 right away, retries later). */
  enqueue(event: Delivery): void {
    if (this.closed) return;
    this.track(this.deliver(event, 1));
  }

  /** One immediate attempt for a stored event (the Dashboard's "Resend"); retries follow on failure. */
  async resend(event: Delivery): Promise<AttemptResult> {
    const first = this.attempt(event);
    this.track(first);
    const result = await first;
    if (!isSuccess(result)) this.scheduleRetry(event, 2);
    else this.opts.settled(event, true);
    return result;
  }

  /** Resolves when nothing is in flight or scheduled (tests wait on it). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const a of this.aborts) a.abort();
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private async deliver(event: Delivery, attemptNo: number): Promise<void> {
    const result = await this.attempt(event);
    if (isSuccess(result)) {
      this.opts.settled(event, true);
      return;
    }
    this.scheduleRetry(event, attemptNo + 1);
  }

  private scheduleRetry(event: Delivery, attemptNo: number): void {
    if (this.closed) return;
    if (attemptNo > this.opts.maxAttempts) {
      this.opts.log(`stripe: giving up on ${event.id} (${event.type}) after ${this.opts.maxAttempts} attempts`);
      this.opts.settled(event, false);
      return;
    }
    const delay = Math.min(this.opts.retryMs * 2 ** (attemptNo - 2), 3600_000);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.deliver(event, attemptNo));
    }, delay);
    this.timers.add(timer);
  }

  private async attempt(event: Delivery): Promise<AttemptResult> {
    if (this.closed) return { status: null };
    const url = this.opts.url();
    // The signature covers these exact bytes.
    const body = event.body();
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeout = setTimeout(() => abort.abort(), this.opts.timeoutMs);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Cache-Control': 'no-cache',
          'Stripe-Signature': signatureHeader(body, this.opts.secret),
        },
        body,
        signal: abort.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) this.opts.log(`stripe: webhook ${event.id} (${event.type}) -> ${url} answered ${res.status}`);
      return { status: res.status };
    } catch (e) {
      if (!this.closed) this.opts.log(`stripe: webhook ${event.id} (${event.type}) -> ${url} failed: ${(e as Error).message}`);
      return { status: null };
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(abort);
    }
  }
}

function isSuccess(r: AttemptResult): boolean {
  return r.status !== null && r.status >= 200 && r.status < 300;
}
