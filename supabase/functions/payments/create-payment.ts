import { HttpError } from '../_shared/http-error.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { CreatePaymentInput } from './input.ts';
import { type Attempt, type CreatedPayment, openIntent, type PaymentsContext } from './open-intent.ts';

interface Quote {
  campaign_id: string;
  campaign_title: string;
  compensation_type: string;
  brand_id: string;
  creator_id: string;
  payable_cents: number;
}

/**
 * The idempotency key of an attempt's PaymentIntent: derived from the deliverable, the amount and the
 * attempt, so a retried or concurrent create of the same attempt gets Stripe's first answer (the same
 * PaymentIntent) and never a second one, while a new attempt after a cancel gets a new PaymentIntent.
 */
export function intentIdempotencyKey(deliverableId: string, amountCents: number, paymentId: string): string {
  return `payment-intent:${deliverableId}:${amountCents}:${paymentId}`;
}

/**
 * POST /payments/create. The caller's own rights decide (api.payment_quote: owner, approved, unpaid,
 * amount rules); then the service role takes the deliverable's one open attempt (or starts one) and its
 * PaymentIntent is created with an idempotency key or retrieved. An open attempt for another amount is
 * canceled at Stripe first, so two payable intents for one deliverable never exist.
 */
export async function createPayment(ctx: PaymentsContext, input: CreatePaymentInput): Promise<CreatedPayment> {
  const quotes = await callRpc<Quote[]>(ctx.caller, 'payment_quote', { deliverable_id: input.deliverableId, amount_cents: input.amountCents });
  const quote = quotes[0];
  if (!quote) throw new HttpError(404, 'Deliverable not found', 'deliverable_not_found');
  // Who is paid, for the receipt: the content's creator as the brand (the caller) may read it.
  const detail = (await callRpc<Array<{ creator_name: string | null }>>(ctx.caller, 'deliverable_detail', { deliverable_id: input.deliverableId }))[0];
  return openIntent(ctx, {
    amount: Number(quote.payable_cents),
    begin: (amount) => callRpc<Attempt[]>(ctx.service, 'payment_begin', { deliverable_id: input.deliverableId, amount_cents: amount }),
    subject: { campaignTitle: quote.campaign_title, creatorName: detail?.creator_name ?? null },
    metadata: { deliverable_id: input.deliverableId, brand_id: quote.brand_id, creator_id: quote.creator_id },
    idempotencyKey: (amount, paymentId) => intentIdempotencyKey(input.deliverableId, amount, paymentId),
    paidMessage: 'This content has already been paid',
    paidCode: 'already_paid',
  });
}
