import { MailLimits } from './mail-rate-limit.ts';
import { RATE_WINDOW_MS, RateLimiter, REFRESH_RATE_LIMIT } from './rate-limit.ts';

/** The limiters of one auth service. */
export interface AuthLimiters {
  signIn: RateLimiter;
  /**
   * Failed password sign-ins per account (by email), whatever address they come from: per-IP limits alone
   * let a guesser with many addresses try forever. Only failures count, so an owner who knows the
   * password is refused only while someone is guessing at the account.
   */
  accountFailures: RateLimiter;
  /**
   * Wrong 6-digit codes per account (by email address) at POST /verify, whatever address they come from:
   * the per-IP verify limit alone lets a guesser with many addresses work through the million codes
   * while one is valid. Only failures count, as for passwords.
   */
  codeFailures: RateLimiter;
  signUp: RateLimiter;
  refresh: RateLimiter;
  /** Per IP, like GoTrue's tollbooth limiters on these routes (each its own bucket). */
  recover: RateLimiter;
  resend: RateLimiter;
  verify: RateLimiter;
  /** The limits on account emails themselves (mail-rate-limit.ts). */
  mail: MailLimits;
}

/** The limiters of one auth service: per IP, per account, and the account emails' own. */
export function createLimiters(authRateLimit: number, accountRateLimit: number): AuthLimiters {
  return {
    mail: new MailLimits(),
    signIn: new RateLimiter(authRateLimit, RATE_WINDOW_MS),
    accountFailures: new RateLimiter(accountRateLimit, RATE_WINDOW_MS),
    codeFailures: new RateLimiter(accountRateLimit, RATE_WINDOW_MS),
    signUp: new RateLimiter(authRateLimit, RATE_WINDOW_MS),
    refresh: new RateLimiter(REFRESH_RATE_LIMIT, RATE_WINDOW_MS),
    recover: new RateLimiter(authRateLimit, RATE_WINDOW_MS),
    resend: new RateLimiter(authRateLimit, RATE_WINDOW_MS),
    verify: new RateLimiter(authRateLimit, RATE_WINDOW_MS),
  };
}
