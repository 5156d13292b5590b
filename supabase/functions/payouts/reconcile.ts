import type Stripe from 'stripe';
import { paymentStatusOfIntent } from '../_shared/payment-intent-state.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { Drift, ReconcileReport } from '../_shared/contract/reconcile.ts';
import type { ApiClient } from '../_shared/user-client.ts';
import { payoutStatusOf } from '../_shared/outbound-payment-state.ts';

interface Item {
  kind: 'payment' | 'payout';
  id: string;
  stripe_id: string;
  status: string;
  amount_cents: number;
  refunded_cents: number;
}

/** What a payment row should say for the PaymentIntent and its charge's refunds. */
function expectedPaymentStatus(pi: Stripe.PaymentIntent, refunded: number): string {
  if (pi.status === 'succeeded' && refunded >= pi.amount) return 'refunded';
  return paymentStatusOfIntent(pi);
}

/** Compares one of our records with Stripe's object; a difference is added to `drift`. */
async function compare(stripe: Stripe, item: Item, drift: Drift[]): Promise<void> {
  if (item.kind === 'payment') {
    const pi = await stripe.paymentIntents.retrieve(item.stripe_id, { expand: ['latest_charge'] });
    const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    const refunded = charge?.amount_refunded ?? 0;
    const ours = `${item.status} ${Number(item.amount_cents)} refunded ${Number(item.refunded_cents)}`;
    const theirs = `${expectedPaymentStatus(pi, refunded)} ${pi.amount} refunded ${refunded}`;
    if (ours !== theirs) drift.push({ kind: 'payment', id: item.id, stripeId: pi.id, ours, stripe: theirs });
    return;
  }
  const op = await stripe.v2.moneyManagement.outboundPayments.retrieve(item.stripe_id);
  const ours = `${item.status} ${Number(item.amount_cents)}`;
  const theirs = `${payoutStatusOf(op.status)} ${op.amount.value}`;
  if (ours !== theirs) drift.push({ kind: 'payout', id: item.id, stripeId: op.id, ours, stripe: theirs });
}

/**
 * GET /payouts/reconcile: the ledger and our records against Stripe's objects. Each recent card payment
 * (status, amount, refunded amount) and payout (status, amount) is compared with Stripe's PaymentIntent
 * or OutboundPayment, and the ledger's own balance check is reported; `drift` lists every difference
 * (a webhook we missed, a change made in Stripe's dashboard). Admins (checked with their own rights) or
 * the service role.
 */
export async function reconcile(caller: ApiClient, service: ApiClient, stripe: Stripe, financialAccount: string, checkAdmin: boolean): Promise<ReconcileReport> {
  if (checkAdmin) await callRpc(caller, 'admin_money_summary');
  const items = await callRpc<Item[]>(service, 'reconciliation_items', { max_items: 200 });
  const drift: Drift[] = [];
  for (const item of items) {
    try {
      await compare(stripe, item, drift);
    } catch (e) {
      // An object Stripe does not know (created in another account or mode, or never reached it) is drift too.
      if ((e as { code?: string }).code !== 'resource_missing') throw e;
      drift.push({ kind: item.kind, id: item.id, stripeId: item.stripe_id, ours: item.status, stripe: 'missing' });
    }
  }
  const totals = await callRpc<Array<{ account: string; total_cents: number; unbalanced_transactions: number }>>(service, 'ledger_totals');
  const unbalanced = totals[0] ? Number(totals[0].unbalanced_transactions) : 0;
  if (unbalanced > 0) drift.push({ kind: 'ledger', id: 'balance', ours: `${unbalanced} unbalanced transactions`, stripe: '-' });
  const fa = await stripe.v2.moneyManagement.financialAccounts.retrieve(financialAccount);
  return {
    ok: drift.length === 0,
    checked: { payments: items.filter((i) => i.kind === 'payment').length, payouts: items.filter((i) => i.kind === 'payout').length },
    ledger: Object.fromEntries(totals.map((t) => [t.account, Number(t.total_cents)])),
    financialAccount: { id: fa.id, balance: (fa as unknown as { balance?: unknown }).balance ?? null },
    drift,
  };
}
