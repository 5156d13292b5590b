type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A per-key token bucket like GoTrue's limiter: `limit` requests per `windowMs`, refilled steadily,
 * bursts up to `limit`. Memory stays bounded: a bucket that has refilled completely carries no
 * information and is dropped, and past `maxKeys` the least recently used keys go first.
 * A limit of 0 disables the limiter.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 10_000,
  ) {}

  get size(): number {
    return this.#buckets.size;
  }

  /** Whether the key has a request left, without taking it (for limits that count failures only). */
  peek(key: string, now = Date.now()): Verdict {
    if (this.limit <= 0) return { ok: true };
    const tokens = this.#tokensAt(key, now);
    return tokens >= 1 ? { ok: true } : this.#refusal(tokens);
  }

  /** Takes one request for the key; when refused, says how many seconds until one is allowed. */
  take(key: string, now = Date.now()): Verdict {
    if (this.limit <= 0) return { ok: true };
    const tokens = this.#tokensAt(key, now);
    // Re-inserting keeps the map in least-recently-used order.
    this.#buckets.delete(key);
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return this.#refusal(tokens);
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.#buckets.size > this.maxKeys) this.#evict(now);
    return { ok: true };
  }

  get #rate(): number {
    return this.limit / this.windowMs;
  }

  /** The key's tokens at `now`, refilled since its last request. */
  #tokensAt(key: string, now: number): number {
    const previous = this.#buckets.get(key);
    return previous ? Math.min(this.limit, previous.tokens + (now - previous.at) * this.#rate) : this.limit;
  }

  #refusal(tokens: number): Verdict {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.#rate / 1000)) };
  }

  #evict(now: number): void {
    for (const [key, b] of this.#buckets) {
      if (b.tokens + (now - b.at) * this.#rate >= this.limit) this.#buckets.delete(key);
    }
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size <= this.maxKeys) break;
      this.#buckets.delete(key);
    }
  }
}

/** Five minutes: the window of GoTrue's per-IP limits. */
export const RATE_WINDOW_MS = 5 * 60 * 1000;
/** Token refreshes allowed per IP per window (GoTrue's default, GOTRUE_RATE_LIMIT_TOKEN_REFRESH). */
export const REFRESH_RATE_LIMIT = 150;

