import Stripe from 'stripe';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import { checkPaymentStatus, paymentIntentParam } from '../_shared/payment-status-check.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';
import { createPayment } from './create-payment.ts';
import { parseCreatePayment } from './input.ts';

/**
 * The `payments` edge function (verify_jwt = true):
 *   POST /payments/create  {deliverableId, amountCents?} -> 200 {clientSecret, paymentIntentId, amountCents, publishableKey?}
 *   GET  /payments/status?payment_intent=pi_...           -> 200 {status, amount, deliverableId, campaignTitle, message}
 * Errors: JSON {code, message, field?} with 400, 401, 403, 404, 409; 502 when Stripe fails or refuses;
 * 500 for the unexpected.
 */
export function createPaymentsHandler(env: FunctionEnv, stripe: Stripe, publishableKey: string | undefined, log: (line: string) => void = console.error) {
  const service = serviceRoleClientBypassingRls(env);
  return jsonHandler(async (req, ctx) => {
    const route = ctx.path === '/payments/create' ? 'create' : ctx.path === '/payments/status' ? 'status' : undefined;
    if (!route) throw new HttpError(404, 'Not found', 'not_found');
    if (req.method !== (route === 'create' ? 'POST' : 'GET')) throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    const clients = { caller: userClient(env, ctx.requireBearer(), ctx.forwardedFor), service, stripe, publishableKey };
    try {
      if (route === 'create') return { status: 200, body: await createPayment(clients, parseCreatePayment(await ctx.json())) };
      return { status: 200, body: await checkPaymentStatus(clients, paymentIntentParam(ctx.url)) };
    } catch (e) {
      if (!(e instanceof Stripe.errors.StripeError)) throw e;
      log(`payments: Stripe ${e.type} ${e.code ?? ''}: ${e.message}`);
      // Stripe refusing our request or being unreachable is a failure of the upstream: 502.
      throw new HttpError(502, 'The payment provider refused the request. Please try again later.', 'stripe_error');
    }
  }, { name: 'payments', log });
}
