import Stripe from 'stripe';
import { HttpError } from '../../_shared/http-error.ts';
import { checkPaymentStatus as sharedCheck, paymentIntentParam } from '../../_shared/payment-status-check.ts';
import { takeRateLimit } from '../../_shared/rate-limit.ts';
import { callRpc } from '../../_shared/rpc.ts';
import { serviceRoleClientBypassingRls } from '../../_shared/service-role-client-bypasses-rls.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { toApi } from '../serialize.ts';

/** The largest page api.payment_history gives (the Data API's max_rows). */
const HISTORY_PAGE = 1000;

interface HistoryRow {
  id: string;
  payment_date: string | null;
  created_at: string;
}

/** Every payment of the caller, newest first, read page after page: one answer would stop at max_rows. */
async function allPayments(ctx: RequestContext): Promise<HistoryRow[]> {
  const all: HistoryRow[] = [];
  let after: HistoryRow | undefined;
  for (;;) {
    const page = await callRpc<HistoryRow[]>(ctx.client(), 'payment_history', {
      before_at: after ? (after.payment_date ?? after.created_at) : null,
      before_id: after?.id ?? null,
      page_size: HISTORY_PAGE,
    });
    all.push(...page);
    if (page.length < HISTORY_PAGE) return all;
    after = page.at(-1);
  }
}

/** GET /api/creators/payments: payments the calling creator received (amount in dollars, amountCents). */
export async function creatorPayments(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['creator'], 'Only creators receive payments');
  return { status: 200, body: toApi(await allPayments(ctx)) };
}

/** GET /api/brands/payments: payments the calling brand made. */
export async function brandPayments(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['brand'], 'Only brands make payments');
  return { status: 200, body: toApi(await allPayments(ctx)) };
}

/**
 * GET /api/check-payment-status?payment_intent=pi_...: the spec's status check response {status, amount
 * (cents), deliverableId, campaignTitle, message}, for the paying brand only (the paid creator 403,
 * anyone else or an unknown intent 404). The same check as the payments function's GET /payments/status
 * (_shared/payment-status-check.ts): Stripe is asked and the payment row reconciled with its answer.
 */
export async function checkPaymentStatus(ctx: RequestContext): Promise<ApiResult> {
  const paymentIntentId = paymentIntentParam(ctx.url);
  if (!ctx.stripe) throw new HttpError(503, 'Card payments are not configured on this server', 'payments_not_configured');
  // The same check as payments/status, so the same count: asking here does not double the limit.
  await takeRateLimit(ctx.client(), 'payments/status');
  try {
    const clients = { caller: ctx.client(), service: serviceRoleClientBypassingRls(ctx.env), stripe: ctx.stripe };
    return { status: 200, body: await sharedCheck(clients, paymentIntentId) };
  } catch (e) {
    // Stripe refusing our request or being unreachable is a failure of the upstream: 502, as in `payments`.
    if (e instanceof Stripe.errors.StripeError) {
      console.error(`api: check-payment-status: Stripe ${e.type} ${e.code ?? ''}: ${e.message}`);
      throw new HttpError(502, 'The payment provider refused the request. Please try again later.', 'stripe_error');
    }
    throw e;
  }
}
