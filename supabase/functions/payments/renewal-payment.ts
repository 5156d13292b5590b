import { HttpError } from '../_shared/http-error.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { FundedHire } from './hire-payment.ts';
import { type Attempt, openIntent, type PaymentsContext } from './open-intent.ts';
import type { FundRenewalInput } from './input.ts';

interface RenewalQuote {
  id: string;
  application_id: string;
  campaign_title: string | null;
  brand_id: string;
  creator_id: string;
  creator_name: string | null;
  term_days: number;
  amount_cents: number;
  fee_cents: number;
  creator_cents: number;
}

/** The idempotency key of a renewal's PaymentIntent: one per renewal and attempt, so a retry never charges twice. */
export function renewalIdempotencyKey(renewalId: string, amountCents: number, paymentId: string): string {
  return `renewal-intent:${renewalId}:${amountCents}:${paymentId}`;
}

/**
 * POST /payments/fund-renewal (decision 0060). The brand's own rights decide (api.renewal_quote: the brand
 * that offered it, accepted by the creator, not yet funded, hire standing); then the renewal's one open
 * card payment is opened as a hire's is. The webhook's recorded success funds it (the ledger and the
 * licence's new end move in the database).
 */
export async function fundRenewal(ctx: PaymentsContext, input: FundRenewalInput): Promise<FundedHire> {
  const quote = (await callRpc<RenewalQuote[]>(ctx.caller, 'renewal_quote', { renewal_id: input.renewalId }))[0];
  if (!quote) throw new HttpError(404, 'Renewal offer not found', 'renewal_not_found');
  const created = await openIntent(ctx, {
    amount: Number(quote.amount_cents),
    begin: () => callRpc<Attempt[]>(ctx.service, 'renewal_payment_begin', { renewal_id: quote.id }),
    subject: { campaignTitle: quote.campaign_title, creatorName: quote.creator_name },
    metadata: { renewal_id: quote.id, application_id: quote.application_id, brand_id: quote.brand_id, creator_id: quote.creator_id },
    idempotencyKey: (amount, paymentId) => renewalIdempotencyKey(quote.id, amount, paymentId),
    paidMessage: 'This renewal is already funded',
    paidCode: 'already_funded',
  });
  return { ...created, feeCents: Number(quote.fee_cents), creatorCents: Number(quote.creator_cents) };
}
