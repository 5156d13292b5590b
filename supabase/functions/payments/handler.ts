import Stripe from 'stripe';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import { isStripeTimeout, STRIPE_TIMEOUT } from '../_shared/stripe-client.ts';
import { takeRateLimit } from '../_shared/rate-limit.ts';
import { checkPaymentStatus, paymentIntentParam } from '../_shared/payment-status-check.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';
import { createPayment } from './create-payment.ts';
import { resolveDispute } from './dispute-resolution.ts';
import { cancelHire, fundHire } from './hire-payment.ts';
import { parseCancelHire, parseCreatePayment, parseFundHire, parseFundRenewal, parseResolveDispute } from './input.ts';
import { fundRenewal } from './renewal-payment.ts';

const ROUTES: Record<string, 'create' | 'status' | 'fund' | 'fund-renewal' | 'cancel-hire' | 'resolve-dispute'> = {
  '/payments/create': 'create',
  '/payments/status': 'status',
  '/payments/fund': 'fund',
  '/payments/fund-renewal': 'fund-renewal',
  '/payments/cancel-hire': 'cancel-hire',
  '/payments/resolve-dispute': 'resolve-dispute',
};

/**
 * The `payments` edge function (verify_jwt = true):
 *   POST /payments/create  {deliverableId, amountCents?} -> 200 {clientSecret, paymentIntentId, amountCents, publishableKey?}
 *   GET  /payments/status?payment_intent=pi_...           -> 200 {status, amount, deliverableId, campaignTitle, message,
 *                                                            applicationId, campaignId}
 *   POST /payments/fund  {applicationId}                   -> 200 {clientSecret, paymentIntentId, amountCents, feeCents,
 *                                                            creatorCents, publishableKey?}  (a hire's escrow)
 *   POST /payments/fund-renewal {renewalId}                -> 200 {clientSecret, paymentIntentId, amountCents, feeCents,
 *                                                            creatorCents, publishableKey?}  (an accepted licence renewal)
 *   POST /payments/cancel-hire {applicationId, reason}      -> 200 {status: 'canceled' | 'refunded'}
 *   POST /payments/resolve-dispute {disputeId, outcome, creatorCents?, note}  (admins)
 *                                                         -> 200 {status: 'resolved', outcome, creatorCents, brandCents}
 * Errors: JSON {code, message, field?} with 400, 401, 403, 404, 409; 429 with Retry-After over the caller's
 * limit (decision 0030); 502 when Stripe fails or refuses; 504 stripe_timeout when it did not answer in time;
 * 500 for the unexpected.
 */
export function createPaymentsHandler(env: FunctionEnv, stripe: Stripe, publishableKey: string | undefined, log: (line: string) => void = console.error) {
  const service = serviceRoleClientBypassingRls(env);
  return jsonHandler(async (req, ctx) => {
    const route = ROUTES[ctx.path];
    if (!route) throw new HttpError(404, 'Not found', 'not_found');
    if (req.method !== (route === 'status' ? 'GET' : 'POST')) throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    const clients = { caller: userClient(env, ctx.requireBearer(), ctx.forwardedFor), service, stripe, publishableKey };
    // Counted before Stripe is asked: 429 with Retry-After over the caller's limit (decision 0030).
    await takeRateLimit(clients.caller, `payments/${route}`);
    try {
      switch (route) {
        case 'create':
          return { status: 200, body: await createPayment(clients, parseCreatePayment(await ctx.json())) };
        case 'fund':
          return { status: 200, body: await fundHire(clients, parseFundHire(await ctx.json())) };
        case 'fund-renewal':
          return { status: 200, body: await fundRenewal(clients, parseFundRenewal(await ctx.json())) };
        case 'cancel-hire':
          return { status: 200, body: await cancelHire(clients, parseCancelHire(await ctx.json())) };
        case 'resolve-dispute':
          return { status: 200, body: await resolveDispute(clients, parseResolveDispute(await ctx.json())) };
        default:
          return { status: 200, body: await checkPaymentStatus(clients, paymentIntentParam(ctx.url)) };
      }
    } catch (e) {
      if (!(e instanceof Stripe.errors.StripeError)) throw e;
      log(`payments: Stripe ${e.type} ${e.code ?? ''}: ${e.message}`);
      // No answer in time (every attempt): 504, and a retry reuses the same Stripe object (idempotency keys).
      if (isStripeTimeout(e)) throw new HttpError(504, STRIPE_TIMEOUT.message, STRIPE_TIMEOUT.code);
      // Stripe refusing our request or being unreachable is a failure of the upstream: 502.
      throw new HttpError(502, 'The payment provider refused the request. Please try again later.', 'stripe_error');
    }
  }, { name: 'payments', log });
}
