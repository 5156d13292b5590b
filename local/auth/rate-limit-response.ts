import { clientIp } from '../http/client-ip.ts';
import { AuthApiError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AuthRequest } from './request.ts';

/** Counts the request against the caller's IP; over the limit answers GoTrue's 429. */
export function enforceRateLimit(limiter: RateLimiter, r: AuthRequest): void {
  const verdict = limiter.take(clientIp(r.req));
  if (!verdict.ok) throw tooManyRequests(`at most ${limiter.limit} requests per ${limiter.windowMs / 60000} minutes from one IP address`, verdict.retryAfterSeconds);
}

/** Refuses a sign-in to an account that has had too many failed ones lately (the 429 GoTrue uses for its limits). */
export function enforceAccountLimit(limiter: RateLimiter, account: string, what = 'sign-ins to'): void {
  const verdict = limiter.peek(account);
  if (!verdict.ok) throw tooManyRequests(`too many failed ${what} this account`, verdict.retryAfterSeconds);
}

function tooManyRequests(reason: string, retryAfterSeconds: number): AuthApiError {
  return new AuthApiError(
    429,
    'over_request_rate_limit',
    `Request rate limit reached: ${reason}. Try again in ${retryAfterSeconds} seconds.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
