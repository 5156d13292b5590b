import { clientIp } from '../http/io.ts';
import { AuthApiError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AuthRequest } from './request.ts';

/** Counts the request against the caller's IP; over the limit answers GoTrue's 429. */
export function enforceRateLimit(limiter: RateLimiter, r: AuthRequest): void {
  const verdict = limiter.take(clientIp(r.req));
  if (verdict.ok) return;
  throw new AuthApiError(
    429,
    'over_request_rate_limit',
    `Request rate limit reached: at most ${limiter.limit} requests per ${limiter.windowMs / 60000} minutes from one IP address. Try again in ${verdict.retryAfterSeconds} seconds.`,
    {},
    { 'Retry-After': String(verdict.retryAfterSeconds) },
  );
}
