import { clientIp } from '../http/client-ip.ts';
import { AuthApiError } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import type { AuthRequest } from './request.ts';

/** The kinds of email GoTrue spaces out separately (each has its own *_sent_at column). */
export type MailKind = 'recovery' | 'confirmation' | 'email_change';

const HOUR_MS = 60 * 60 * 1000;

const overEmailLimit = (message: string) => new AuthApiError(429, 'over_email_send_rate_limit', message);

/**
 * The limits on account emails, shared by every endpoint that sends one:
 * - GoTrue's max_frequency per address and kind ("For security purposes, you can only request this after
 *   N seconds."). GoTrue reads it from the user's *_sent_at, so only known addresses are ever refused and
 *   the refusal tells which addresses have accounts. Here every address asked for is remembered, known or
 *   not, and the user's column counts as well (it outlives a restart);
 * - [auth.rate_limit] email_sent, emails per hour. GoTrue counts them for the whole project; here per IP, so
 *   one visitor cannot use up everyone's budget and parallel test files do not share one (decision 0021).
 *   Every accepted request counts, whether or not an email went out, for the same reason as above.
 */
export class MailLimits {
  readonly #lastAsked = new Map<string, number>();
  #perIp: RateLimiter | undefined;

  constructor(readonly maxKeys = 10_000) {}

  /**
   * Refuses with GoTrue's 429 when this address had an email of this kind less than `frequencyMs` ago
   * (`sentAgoMs`: what the user's row says, if there is a user), or this IP is over its hourly budget;
   * otherwise records the request.
   */
  take(r: AuthRequest, kind: MailKind, address: string, opts: { frequencyMs: number; perHour: number; sentAgoMs?: number | null }, now = Date.now()): void {
    this.#prune(now, opts.frequencyMs);
    const key = `${kind}:${address.toLowerCase()}`;
    const remembered = this.#lastAsked.get(key);
    const agos = [remembered === undefined ? undefined : now - remembered, opts.sentAgoMs ?? undefined].filter((v): v is number => v !== undefined);
    const ago = agos.length ? Math.min(...agos) : undefined;
    if (ago !== undefined && ago < opts.frequencyMs) {
      // Go's Duration / time.Second: whole seconds, rounded down.
      const left = Math.floor((opts.frequencyMs - ago) / 1000);
      throw overEmailLimit(`For security purposes, you can only request this after ${left} seconds.`);
    }
    if (opts.perHour === 0) throw overEmailLimit('email rate limit exceeded');
    if (!this.#perIp || this.#perIp.limit !== opts.perHour) this.#perIp = new RateLimiter(opts.perHour, HOUR_MS);
    if (!this.#perIp.take(clientIp(r.req), now).ok) throw overEmailLimit('email rate limit exceeded');
    this.#lastAsked.delete(key);
    this.#lastAsked.set(key, now);
  }

  /** Entries are in time order; those older than the window say nothing any more. */
  #prune(now: number, frequencyMs: number): void {
    for (const [key, at] of this.#lastAsked) {
      if (now - at < frequencyMs && this.#lastAsked.size <= this.maxKeys) break;
      this.#lastAsked.delete(key);
    }
  }
}
