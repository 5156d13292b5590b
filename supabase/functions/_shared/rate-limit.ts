import { HttpError } from './http-error.ts';
import { callRpc } from './rpc.ts';
import type { ApiClient } from './user-client.ts';

/** The routes that call Stripe, each limited per user (app.function_rate_limits, decision 0030). */
export type RateLimitedAction =
  | 'payouts/onboarding'
  | 'payouts/sync'
  | 'payouts/request'
  | 'payouts/reconcile'
  | 'payments/create'
  | 'payments/fund'
  | 'payments/cancel-hire'
  | 'payments/resolve-dispute'
  | 'payments/status'
  | 'payments/fund-renewal';

/** The 429 of a call over the limit: Retry-After and a sentence that says how long. */
export function rateLimited(seconds: number): HttpError {
  const e = new HttpError(429, `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`, 'rate_limited');
  e.headers['Retry-After'] = String(seconds);
  return e;
}

/**
 * Counts one call of `action` by the caller (their own token: a user spends only their own calls) before
 * anything asks Stripe; over the limit it throws the 429. The count is in the database, so it holds
 * across the isolates hosted Supabase runs a function in. A caller the database does not take as a user
 * (the anon key) is told they are not signed in, not the function's name.
 */
export async function takeRateLimit(caller: ApiClient, action: RateLimitedAction): Promise<void> {
  let wait: number;
  try {
    wait = Number(await callRpc<number>(caller, 'function_rate_limit_take', { action }));
  } catch (e) {
    if (e instanceof HttpError && (e.status === 401 || e.status === 403)) {
      const signedOut = new HttpError(401, 'Not signed in', 'not_signed_in');
      signedOut.internalDetail = e.internalDetail;
      throw signedOut;
    }
    throw e;
  }
  if (wait > 0) throw rateLimited(wait);
}
