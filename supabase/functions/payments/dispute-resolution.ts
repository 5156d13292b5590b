import type Stripe from 'stripe';
import { HttpError } from '../_shared/http-error.ts';
import { recordPaymentState } from '../_shared/payment-state-change.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { PaymentsContext } from './open-intent.ts';
import type { ResolveDisputeInput } from './input.ts';

interface ResolutionQuote {
  escrow_id: string;
  held_cents: number;
  creator_share_cents: number;
  brand_share_cents: number;
  stripe_payment_id: string | null;
  admin_id: string;
}

interface ResolutionStep {
  creator_share_cents: number;
  brand_share_cents: number;
  stripe_payment_id: string | null;
}

export interface ResolvedDispute {
  status: 'resolved';
  outcome: ResolveDisputeInput['outcome'];
  creatorCents: number;
  brandCents: number;
}

/** The idempotency key of a dispute's refund: one refund per dispute, however often the admin retries. */
export function disputeRefundIdempotencyKey(disputeId: string): string {
  return `dispute-refund:${disputeId}`;
}

/**
 * POST /payments/resolve-dispute. The admin's rights and the shares are checked with the admin's own JWT
 * (api.resolve_dispute_quote); the decision is then marked as being carried out, the brand's share is
 * refunded to its card with one idempotent Stripe refund and recorded like any refund (it leaves escrow),
 * and the creator's share is released less the fee, once. If Stripe refuses, the dispute is open again
 * and nothing moved; a retry after a failure half-way finishes the same decision without paying twice.
 */
export async function resolveDispute(ctx: PaymentsContext, input: ResolveDisputeInput): Promise<ResolvedDispute> {
  const quote = (await callRpc<ResolutionQuote[]>(ctx.caller, 'resolve_dispute_quote', {
    dispute_id: input.disputeId,
    outcome: input.outcome,
    creator_cents: input.creatorCents,
  }))[0];
  if (!quote) throw new HttpError(404, 'Dispute not found', 'dispute_not_found');
  const step = (await callRpc<ResolutionStep[]>(ctx.service, 'resolve_dispute_begin', {
    dispute_id: input.disputeId,
    outcome: input.outcome,
    creator_cents: Number(quote.creator_share_cents),
    brand_cents: Number(quote.brand_share_cents),
    note: input.note,
    admin_id: quote.admin_id,
  }))[0]!;
  const brandCents = Number(step.brand_share_cents);
  if (brandCents > 0) await refundBrandShare(ctx, input.disputeId, step.stripe_payment_id, brandCents);
  await callRpc(ctx.service, 'resolve_dispute_finish', { dispute_id: input.disputeId });
  return { status: 'resolved', outcome: input.outcome, creatorCents: Number(step.creator_share_cents), brandCents };
}

async function refundBrandShare(ctx: PaymentsContext, disputeId: string, paymentIntent: string | null, amount: number): Promise<void> {
  if (!paymentIntent) throw new HttpError(409, 'The hire has no card payment to refund', 'no_payment');
  let refund: Stripe.Refund;
  try {
    refund = await ctx.stripe.refunds.create(
      { payment_intent: paymentIntent, amount, reason: 'requested_by_customer', metadata: { dispute_id: disputeId } },
      { idempotencyKey: disputeRefundIdempotencyKey(disputeId) },
    );
  } catch (e) {
    await callRpc(ctx.service, 'resolve_dispute_abort', { dispute_id: disputeId });
    throw e;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await callRpc(ctx.service, 'resolve_dispute_abort', { dispute_id: disputeId });
    throw new HttpError(502, 'The payment provider could not refund this payment. Please try again later.', 'refund_failed');
  }
  const intent = await ctx.stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
  const charge = intent.latest_charge as Stripe.Charge | null;
  await recordPaymentState(ctx.service, {
    stripePaymentId: paymentIntent,
    targetStatus: charge && charge.amount_refunded >= charge.amount ? 'refunded' : 'completed',
    stripeStatus: intent.status,
    amountRefundedCents: charge?.amount_refunded ?? refund.amount,
  });
}
