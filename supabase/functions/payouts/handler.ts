import Stripe from 'stripe';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import { isStripeTimeout, STRIPE_TIMEOUT } from '../_shared/stripe-client.ts';
import { type RateLimitedAction, takeRateLimit } from '../_shared/rate-limit.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';
import { type PayoutsContext, signedInCreator, startOnboarding, syncAccount } from './onboarding.ts';
import { payOut, payoutSource, runPayouts } from './pay-out.ts';
import { reconcile } from './reconcile.ts';

const ROUTES: Record<string, string> = {
  '/payouts/onboarding': 'POST',
  '/payouts/sync': 'POST',
  '/payouts/request': 'POST',
  '/payouts/run': 'POST',
  '/payouts/reconcile': 'GET',
};

/**
 * The `payouts` edge function (verify_jwt = true):
 *   POST /payouts/onboarding {country} -> 200 {url}             creators: Stripe's hosted bank form
 *   POST /payouts/sync                 -> 200 {accountStatus, bankSummary}
 *   POST /payouts/request              -> 200 {payoutId, amountCents, status}   the creator's "withdraw now"
 *   POST /payouts/run                  -> 200 {paid, failed, results}  the scheduler (service role key only)
 *   GET  /payouts/reconcile            -> 200 {ok, drift[], ...}       admins or the service role
 * Errors: JSON {code, message, field?}; 502 when Stripe fails or refuses, 504 when it did not answer in time
 * (stripe_timeout; payout_unconfirmed for a payout, which stays pending); 429 with Retry-After over a
 * user's limit (decision 0030).
 */
export function createPayoutsHandler(env: FunctionEnv & { appUrl: string; financialAccount?: string }, stripe: Stripe, log: (line: string) => void = console.error) {
  const service = serviceRoleClientBypassingRls(env);
  let source: string | undefined = env.financialAccount;
  const financialAccount = async () => (source ??= await payoutSource(stripe, env.financialAccount));
  return jsonHandler(async (req, ctx) => {
    const method = ROUTES[ctx.path];
    if (!method) throw new HttpError(404, 'Not found', 'not_found');
    if (req.method !== method) throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    const token = ctx.requireBearer();
    const isService = token === env.serviceRoleKey;
    // Users' calls are counted before Stripe is asked (429 over the limit); the scheduler's are not.
    if (!isService && ctx.path !== '/payouts/run') {
      await takeRateLimit(userClient(env, token, ctx.forwardedFor), ctx.path.slice(1) as RateLimitedAction);
    }
    try {
      if (ctx.path === '/payouts/run') {
        if (!isService) throw new HttpError(403, 'Only the scheduler runs payouts', 'not_scheduler');
        return { status: 200, body: await runPayouts(service, stripe, financialAccount, log) };
      }
      if (ctx.path === '/payouts/reconcile') {
        const caller = isService ? service : userClient(env, token, ctx.forwardedFor);
        return { status: 200, body: await reconcile(caller, service, stripe, await financialAccount(), !isService) };
      }
      const payoutsCtx: PayoutsContext = { caller: userClient(env, token, ctx.forwardedFor), service, stripe, appUrl: env.appUrl };
      switch (ctx.path) {
        case '/payouts/onboarding':
          return { status: 200, body: await startOnboarding(payoutsCtx, countryOf(await ctx.json())) };
        case '/payouts/sync':
          return { status: 200, body: await syncAccount(payoutsCtx) };
        default: {
          const { me } = await signedInCreator(payoutsCtx);
          return { status: 200, body: await payOut(service, stripe, financialAccount, me.id, 'creator', log) };
        }
      }
    } catch (e) {
      if (!(e instanceof Stripe.errors.StripeError)) throw e;
      log(`payouts: Stripe ${e.type} ${e.code ?? ''}: ${e.message}`);
      // No answer in time (every attempt): 504, and a retry reuses the same Stripe object (idempotency keys).
      if (isStripeTimeout(e)) throw new HttpError(504, STRIPE_TIMEOUT.message, STRIPE_TIMEOUT.code);
      throw new HttpError(502, 'The payment provider refused the request. Please try again later.', 'stripe_error');
    }
  }, { name: 'payouts', log });
}

/** The body of POST /payouts/onboarding: {country}, two capital letters. */
export function countryOf(body: unknown): string {
  const country = body && typeof body === 'object' && !Array.isArray(body) ? (body as { country?: unknown }).country : undefined;
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) throw new HttpError(400, 'Choose your country', 'country_required', 'country');
  return country;
}
