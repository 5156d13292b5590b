import Stripe from 'stripe';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { readJsonBody } from '../_shared/request-body.ts';
import { checkPaymentStatus, paymentIntentParam } from '../_shared/payment-status-check.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';
import { createPayment } from './create-payment.ts';
import { parseCreatePayment } from './input.ts';

/**
 * The `payments` edge function (verify_jwt = true):
 *   POST /payments/create  {deliverableId, amountCents?} -> 200 {clientSecret, paymentIntentId, amountCents, publishableKey?}
 *   GET  /payments/status?payment_intent=pi_...           -> 200 {status, amount, deliverableId, campaignTitle, message}
 * Errors: JSON {error, code, field?} with 400, 401, 403, 404, 409; 502 when Stripe fails or refuses;
 * 500 for the unexpected.
 */
export function createPaymentsHandler(env: FunctionEnv, stripe: Stripe, publishableKey: string | undefined, log: (line: string) => void = console.error) {
  const service = serviceRoleClientBypassingRls(env);
  return async function handlePayments(req: Request): Promise<Response> {
    if (req.method === 'OPTIONS') return preflight();
    try {
      const url = new URL(req.url);
      const path = url.pathname.replace(/\/+$/, '');
      const route = path === '/payments/create' ? 'create' : path === '/payments/status' ? 'status' : undefined;
      if (!route) throw new HttpError(404, 'Not found', 'not_found');
      if (req.method !== (route === 'create' ? 'POST' : 'GET')) throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
      const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
      if (!token) throw new HttpError(401, 'Not signed in', 'not_signed_in');
      const ctx = { caller: userClient(env, token, req.headers.get('x-forwarded-for')), service, stripe, publishableKey };
      if (route === 'create') return json(200, await createPayment(ctx, parseCreatePayment(await readJsonBody(req))));
      return json(200, await checkPaymentStatus(ctx, paymentIntentParam(url)));
    } catch (e) {
      if (e instanceof HttpError) return json(e.status, { error: e.message, code: e.code ?? null, ...(e.field ? { field: e.field } : {}) });
      if (e instanceof Stripe.errors.StripeError) {
        log(`payments: Stripe ${e.type} ${e.code ?? ''}: ${e.message}`);
        // Stripe refusing our request or being unreachable is a failure of the upstream: 502.
        return json(502, { error: 'The payment provider refused the request. Please try again later.', code: 'stripe_error' });
      }
      log(`payments: ${(e as Error).stack ?? e}`);
      return json(500, { error: 'Unexpected error', code: 'unexpected' });
    }
  };
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: corsHeaders });
}
