import type Stripe from 'stripe';
import { HttpError } from '../_shared/http-error.ts';
import { callRpc } from '../_shared/rpc.ts';
import { isStripeTimeout } from '../_shared/stripe-client.ts';
import { failureOf, PAYOUT_REFUSED, payoutStatusOf, refusalOf } from '../_shared/outbound-payment-state.ts';
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
 * (so an interrupted run that comes back sends the same one) and its state recorded.
 * - Stripe refuses (a definite 4xx answer, e.g. insufficient_funds on the platform's FinancialAccount):
 *   no payment exists, so the payout fails now and its money goes back to available
 *   (api.payout_refused); 502 with the reason's code.
 * - No definite answer (unreachable, timed out, 5xx, an idempotency conflict; stripe-node has already
 *   retried with the same key): Stripe may have created the payment, so nothing is returned. The payout
 *   stays pending and the next run or request sends it again with the same key, which finds Stripe's
 *   payment or gets a definite answer; 502 payout_unconfirmed.
 */
export async function payOut(
  service: ApiClient,
  stripe: Stripe,
  financialAccount: () => Promise<string>,
  creatorId: string,
  requestedBy: 'schedule' | 'creator',
  log: (line: string) => void = console.error,
): Promise<PayoutResult> {
  // Looked up before the money moves to in transit: when Stripe cannot say where payouts come from,
  // nothing can be sent and the balance stays available.
  const source = await financialAccount();
  const row = (await callRpc<PayoutRow[]>(service, 'payout_begin', { creator_id: creatorId, requested_by: requestedBy }))[0]!;
  const amount = Number(row.amount_cents);
  const op = row.stripe_outbound_payment_id
    ? await stripe.v2.moneyManagement.outboundPayments.retrieve(row.stripe_outbound_payment_id)
    : await sendPayout(service, stripe, source, row, creatorId, log);
  const status = payoutStatusOf(op.status);
  const failure = failureOf(op);
  const recorded = await callRpc<string>(service, 'payout_record', {
    payout_id: row.payout_id,
    stripe_outbound_payment_id: op.id,
    status,
    failure_code: failure.code,
    failure_message: failure.message,
  });
  if (recorded === 'sent_after_refusal') await cancelSentAfterRefusal(stripe, op, log);
  return { payoutId: row.payout_id, amountCents: amount, status };
}

/** Creates the payout's OutboundPayment; a refusal fails the payout and returns its money (see payOut). */
async function sendPayout(service: ApiClient, stripe: Stripe, financialAccount: string, row: PayoutRow, creatorId: string, log: (line: string) => void) {
  try {
    return await stripe.v2.moneyManagement.outboundPayments.create(
      {
        from: { financial_account: financialAccount, currency: 'usd' },
        // No to.currency: Stripe converts to the payout method's own currency (decision 0017).
        to: { recipient: row.stripe_account_id! },
        amount: { value: Number(row.amount_cents), currency: 'usd' },
        description: 'Creator earnings',
        metadata: { payout_id: row.payout_id, creator_id: creatorId },
      },
      { idempotencyKey: payoutIdempotencyKey(row.payout_id) },
    );
  } catch (e) {
    const refusal = refusalOf(e);
    const err = e as { type?: string; code?: string; statusCode?: number; message?: string };
    log(`payouts: payout ${row.payout_id}: ${refusal ? 'refused' : 'unconfirmed'}: ${err?.type ?? 'Error'} ${err?.statusCode ?? '-'} ${err?.code ?? ''}: ${err?.message ?? e}`);
    if (!refusal) {
      // A timeout is no answer either: 504 (the payout stays pending, as for any unconfirmed one).
      throw new HttpError(
        isStripeTimeout(e) ? 504 : 502,
        'The payment provider did not confirm this payout yet. It stays on the way until it does; we check again automatically.',
        'payout_unconfirmed',
      );
    }
    await callRpc(service, 'payout_refused', {
      payout_id: row.payout_id,
      failure_code: refusal.code,
      failure_message: refusal.message,
      account_problem: refusal.accountProblem,
    });
    throw new HttpError(502, refusal.message, refusal.code);
  }
}

/**
 * Stripe accepted a payout that another request had already seen refused, and whose money went back to
 * available (api.payout_record answers sent_after_refusal): the payment is canceled while it still can
 * be, so the creator is not paid twice. One that cannot be canceled stays in the reconciliation report
 * as drift (ours failed, Stripe's paid) for an admin.
 */
async function cancelSentAfterRefusal(stripe: Stripe, op: { id: string; status: string }, log: (line: string) => void): Promise<never> {
  log(`payouts: ${op.id} was created for a payout already refused; canceling it`);
  try {
    if (op.status === 'processing') await stripe.v2.moneyManagement.outboundPayments.cancel(op.id);
  } catch (e) {
    log(`payouts: could not cancel ${op.id}: ${(e as Error).message}`);
  }
  throw new HttpError(502, PAYOUT_REFUSED.message, PAYOUT_REFUSED.code);
}

/** One line of a run's report: the payout's outcome, or why this creator's payout did not go out now. */
export interface RunResult {
  creatorId: string;
  status: PayoutResult['status'] | 'error';
  payoutId?: string;
  amountCents?: number;
  /** On error: the answer's code (payout_unconfirmed, stripe_error, a refusal's code...) and its HTTP status. */
  code?: string;
  httpStatus?: number;
}

/**
 * POST /payouts/run (the scheduler, service role): every creator due, each on its own; one failure does not
 * stop the rest. The payout source is looked up within each payout (financialAccount is lazy and caches a
 * success), so a failing first Stripe call fails that payout only, and the report says so per payout.
 */
export async function runPayouts(service: ApiClient, stripe: Stripe, financialAccount: () => Promise<string>, log: (line: string) => void) {
  const due = await callRpc<Array<{ creator_id: string }>>(service, 'payouts_due');
  const results: RunResult[] = [];
  for (const creatorId of new Set(due.map((d) => d.creator_id))) {
    try {
      const r = await payOut(service, stripe, financialAccount, creatorId, 'schedule', log);
      results.push({ creatorId, status: r.status, payoutId: r.payoutId, amountCents: r.amountCents });
    } catch (e) {
      const err = e as { status?: number; statusCode?: number; code?: string; type?: string; message?: string };
      const httpStatus = e instanceof HttpError ? e.status : 502;
      const code = e instanceof HttpError ? e.code : isStripeTimeout(e) ? 'stripe_timeout' : err?.type ? 'stripe_error' : 'internal_error';
      log(`payouts: run: creator ${creatorId}: ${code}: ${err?.message ?? e}`);
      results.push({ creatorId, status: 'error', code, httpStatus });
    }
  }
  return { paid: results.filter((r) => r.status !== 'error').length, failed: results.filter((r) => r.status === 'error').length, results };
}
