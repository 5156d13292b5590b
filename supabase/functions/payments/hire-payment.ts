import type Stripe from 'stripe';
import { HttpError } from '../_shared/http-error.ts';
import { paymentStatusOfIntent } from '../_shared/payment-intent-state.ts';
import { recordPaymentState } from '../_shared/payment-state-change.ts';
import { callRpc } from '../_shared/rpc.ts';
import { type Attempt, type CreatedPayment, openIntent, type PaymentsContext } from './open-intent.ts';
import type { CancelHireInput, FundHireInput } from './input.ts';

interface HireQuote {
  escrow_id: string;
  campaign_id: string | null;
  campaign_title: string | null;
  brand_id: string;
  creator_id: string;
  creator_name: string | null;
  amount_cents: number;
  fee_cents: number;
  creator_cents: number;
}

export interface FundedHire extends CreatedPayment {
  feeCents: number;
  creatorCents: number;
}

/** The idempotency key of a hire's funding PaymentIntent: one per escrow and attempt. */
export function fundIdempotencyKey(escrowId: string, amountCents: number, paymentId: string): string {
  return `hire-intent:${escrowId}:${amountCents}:${paymentId}`;
}

/** The idempotency key of a hire's refund: one refund per escrow, however often the brand retries. */
export function refundIdempotencyKey(escrowId: string): string {
  return `hire-refund:${escrowId}`;
}

/**
 * POST /payments/fund. The brand's own rights decide (api.hire_quote: owner, awaiting funding); then the
 * hire's one open card payment is opened exactly as a deliverable's, for the agreed amount.
 */
export async function fundHire(ctx: PaymentsContext, input: FundHireInput): Promise<FundedHire> {
  const quote = (await callRpc<HireQuote[]>(ctx.caller, 'hire_quote', { application_id: input.applicationId }))[0];
  if (!quote) throw new HttpError(404, 'Application not found', 'application_not_found');
  const created = await openIntent(ctx, {
    amount: Number(quote.amount_cents),
    begin: () => callRpc<Attempt[]>(ctx.service, 'hire_payment_begin', { escrow_id: quote.escrow_id }),
    subject: { campaignTitle: quote.campaign_title, creatorName: quote.creator_name },
    metadata: { escrow_id: quote.escrow_id, application_id: input.applicationId, brand_id: quote.brand_id, creator_id: quote.creator_id },
    idempotencyKey: (amount, paymentId) => fundIdempotencyKey(quote.escrow_id, amount, paymentId),
    paidMessage: 'This hire is already funded',
    paidCode: 'already_funded',
  });
  return { ...created, feeCents: Number(quote.fee_cents), creatorCents: Number(quote.creator_cents) };
}

interface CancelQuote {
  escrow_id: string;
  status: string;
  open_payment_intent: string | null;
}

interface CancelStep {
  action: 'canceled' | 'refund';
  stripe_payment_id: string | null;
  amount_cents: number;
}

/**
 * POST /payments/cancel-hire. Before any content exists, the brand closes its hire: an open card payment
 * is canceled at Stripe first (so it cannot be paid afterwards); an unfunded hire then closes at once; a
 * funded one is refunded in full with one idempotent Stripe refund, recorded as any refund is (the
 * ledger moves when the refund is recorded, by this call or the webhook, whichever comes first). If
 * Stripe refuses, the hire is funded again and nothing moved.
 */
export async function cancelHire(ctx: PaymentsContext, input: CancelHireInput): Promise<{ status: 'canceled' | 'refunded' }> {
  const quote = (await callRpc<CancelQuote[]>(ctx.caller, 'cancel_hire_quote', { application_id: input.applicationId }))[0];
  if (!quote) throw new HttpError(404, 'Application not found', 'application_not_found');
  if (quote.open_payment_intent) await cancelOpenIntent(ctx, quote.open_payment_intent);
  const step = (await callRpc<CancelStep[]>(ctx.service, 'cancel_hire_begin', { escrow_id: quote.escrow_id, reason: input.reason }))[0]!;
  if (step.action === 'canceled') return { status: 'canceled' };
  let refund: Stripe.Refund;
  try {
    refund = await ctx.stripe.refunds.create(
      { payment_intent: step.stripe_payment_id!, reason: 'requested_by_customer', metadata: { escrow_id: quote.escrow_id } },
      { idempotencyKey: refundIdempotencyKey(quote.escrow_id) },
    );
  } catch (e) {
    await callRpc(ctx.service, 'cancel_hire_abort', { escrow_id: quote.escrow_id });
    throw e;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await callRpc(ctx.service, 'cancel_hire_abort', { escrow_id: quote.escrow_id });
    throw new HttpError(502, 'The payment provider could not refund this payment. Please try again later.', 'refund_failed');
  }
  await recordPaymentState(ctx.service, {
    stripePaymentId: step.stripe_payment_id!,
    targetStatus: 'refunded',
    stripeStatus: 'succeeded',
    amountRefundedCents: refund.amount,
  });
  return { status: 'refunded' };
}

/** Cancels a hire's unpaid PaymentIntent; one paid meanwhile is recorded, which funds the hire instead. */
async function cancelOpenIntent(ctx: PaymentsContext, intentId: string): Promise<void> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await ctx.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
  } catch {
    intent = await ctx.stripe.paymentIntents.retrieve(intentId);
  }
  await recordPaymentState(ctx.service, { stripePaymentId: intent.id, targetStatus: paymentStatusOfIntent(intent), stripeStatus: intent.status });
  if (intent.status === 'processing') throw new HttpError(409, 'A payment for this hire is being processed; try again in a moment', 'payment_processing');
}
