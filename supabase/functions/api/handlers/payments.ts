import { HttpError, invalid } from '../../_shared/http-error.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { toApi } from '../serialize.ts';

/** GET /api/creators/payments: payments the calling creator received (amount in dollars, amountCents). */
export async function creatorPayments(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['creator'], 'Only creators receive payments');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'payment_history')) };
}

/** GET /api/brands/payments: payments the calling brand made. */
export async function brandPayments(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['brand'], 'Only brands make payments');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'payment_history')) };
}

/**
 * GET /api/check-payment-status?payment_intent=...: card payments are handled by the payments function,
 * which is not wired into this facade yet; the check answers 501 rather than a made-up status.
 */
export async function checkPaymentStatus(ctx: RequestContext): Promise<ApiResult> {
  if (!ctx.url.searchParams.get('payment_intent')) throw invalid('payment_intent', 'No payment information found');
  throw new HttpError(501, 'Payment status checks are not available through this API yet', 'not_implemented');
}
