import type Stripe from 'stripe';
import { HttpError } from '../_shared/http-error.ts';
import { callRpc } from '../_shared/rpc.ts';
import { failureOf, payoutStatusOf } from '../_shared/outbound-payment-state.ts';
import type { ApiClient } from '../_shared/user-client.ts';

interface PayoutRow {
  payout_id: string;
  amount_cents: number;
  status: string;
  stripe_account_id: string | null;
  stripe_outbound_payment_id: string | null;
  created: boolean;
}

export interface PayoutResult {
  payoutId: string;
  amountCents: number;
  status: 'pending' | 'processing' | 'paid' | 'failed';
}

/** The idempotency key of a payout's OutboundPayment: a retried run sends the same payment, never a second. */
export function payoutIdempotencyKey(payoutId: string): string {
  return `payout:${payoutId}`;
}

/** The platform's USD FinancialAccount that payouts are sent from (STRIPE_FINANCIAL_ACCOUNT, or the first USD one). */
export async function payoutSource(stripe: Stripe, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  for await (const fa of stripe.v2.moneyManagement.financialAccounts.list()) {
    const currencies = (fa as unknown as { balance?: { available?: Record<string, unknown> } }).balance?.available ?? {};
    if ('usd' in currencies || fa.status === 'open') return fa.id;
  }
  throw new HttpError(503, 'No financial account to send payouts from', 'no_financial_account');
}

/**
 * Pays out one creator's available balance (or finishes their open payout): the database moves the money
 * to in-transit and returns the payout; the OutboundPayment is created with the payout's idempotency key
 * (so an interrupted run that comes back sends the same one) and its state recorded. Stripe being
 * unreachable leaves the payout pending; the next run retries it with the same key.
 */
export async function payOut(service: ApiClient, stripe: Stripe, financialAccount: string, creatorId: string, requestedBy: 'schedule' | 'creator'): Promise<PayoutResult> {
  const row = (await callRpc<PayoutRow[]>(service, 'payout_begin', { creator_id: creatorId, requested_by: requestedBy }))[0]!;
  const amount = Number(row.amount_cents);
  const op = row.stripe_outbound_payment_id
    ? await stripe.v2.moneyManagement.outboundPayments.retrieve(row.stripe_outbound_payment_id)
    : await stripe.v2.moneyManagement.outboundPayments.create(
        {
          from: { financial_account: financialAccount, currency: 'usd' },
          // No to.currency: Stripe converts to the payout method's own currency (decision 0017).
          to: { recipient: row.stripe_account_id! },
          amount: { value: amount, currency: 'usd' },
          description: 'Creator earnings',
          metadata: { payout_id: row.payout_id, creator_id: creatorId },
        },
        { idempotencyKey: payoutIdempotencyKey(row.payout_id) },
      );
  const status = payoutStatusOf(op.status);
  const failure = failureOf(op);
  await callRpc(service, 'payout_record', {
    payout_id: row.payout_id,
    stripe_outbound_payment_id: op.id,
    status,
    failure_code: failure.code,
    failure_message: failure.message,
  });
  return { payoutId: row.payout_id, amountCents: amount, status };
}

/** POST /payouts/run (the scheduler, service role): every creator due, each on its own; one failure does not stop the rest. */
export async function runPayouts(service: ApiClient, stripe: Stripe, financialAccount: string, log: (line: string) => void) {
  const due = await callRpc<Array<{ creator_id: string }>>(service, 'payouts_due');
  const results: Array<{ creatorId: string; status: string }> = [];
  for (const creatorId of new Set(due.map((d) => d.creator_id))) {
    try {
      const r = await payOut(service, stripe, financialAccount, creatorId, 'schedule');
      results.push({ creatorId, status: r.status });
    } catch (e) {
      log(`payouts: run: creator ${creatorId}: ${(e as Error).message}`);
      results.push({ creatorId, status: 'error' });
    }
  }
  return { paid: results.filter((r) => r.status !== 'error').length, failed: results.filter((r) => r.status === 'error').length, results };
}
