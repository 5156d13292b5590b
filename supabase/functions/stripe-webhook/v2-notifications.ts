import type Stripe from 'stripe';
import { failureOf, payoutStatusOf } from '../_shared/outbound-payment-state.ts';
import { readRecipient } from '../_shared/recipient-account.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { ApiClient } from '../_shared/user-client.ts';

/** The fields of a v2 thin event notification this module reads. */
export interface ThinNotification {
  id: string;
  type: string;
  context?: string | null;
  related_object?: { id: string; type: string } | null;
}

/**
 * What a thin event is about: a recipient account (its capability, requirements, default payout method)
 * or an outbound payment (a payout), or nothing we act on. Thin events carry no state: the state is
 * always read fresh from Stripe, so their order does not matter.
 */
export function subjectOf(n: ThinNotification): { kind: 'account'; accountId: string } | { kind: 'outbound_payment'; id: string } | null {
  if (n.type.startsWith('v2.core.account') && !n.type.startsWith('v2.core.account_link') && n.related_object?.type === 'v2.core.account') {
    return { kind: 'account', accountId: n.related_object.id };
  }
  if (n.type.startsWith('v2.money_management.payout_method.') && n.context) return { kind: 'account', accountId: n.context };
  if (n.type.startsWith('v2.money_management.outbound_payment.') && n.related_object) {
    return { kind: 'outbound_payment', id: n.related_object.id };
  }
  return null;
}

/** Applies a thin event: reads the subject from Stripe and records it (each event id once). */
export async function applyThinEvent(service: ApiClient, stripe: Stripe, n: ThinNotification): Promise<string> {
  const subject = subjectOf(n);
  if (!subject) return 'ignored';
  if (subject.kind === 'account') {
    const state = await readRecipient(stripe, subject.accountId);
    return callRpc<string>(service, 'payout_account_record', {
      stripe_account_id: subject.accountId, ready: state.ready, bank_summary: state.bankSummary, holder_name: state.holderName, event_id: n.id, event_type: n.type,
    });
  }
  const op = await stripe.v2.moneyManagement.outboundPayments.retrieve(subject.id);
  const failure = failureOf(op);
  return callRpc<string>(service, 'payout_record', {
    payout_id: op.metadata?.payout_id ?? null,
    stripe_outbound_payment_id: op.id,
    status: payoutStatusOf(op.status),
    failure_code: failure.code,
    failure_message: failure.message,
    event_id: n.id,
    event_type: n.type,
  });
}
