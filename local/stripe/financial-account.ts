import type { StripeCore } from './core.ts';
import { newId } from './ids.ts';
import type { StripeState } from './store.ts';
import { noSuch } from './stripe-error.ts';
import { type FinancialAccountRecord, v2Time, type V2Amount } from './v2-objects.ts';

/**
 * The platform's one USD FinancialAccount (Stripe's "storage" balance that Global Payouts pay from). In
 * the double its money is the platform's card income: succeeded USD charges, less refunds and disputed
 * amounts, less OutboundPayments on their way or posted (failed, canceled and returned ones give it back).
 */
export function platformFinancialAccount(core: StripeCore): FinancialAccountRecord {
  const existing = Object.values(core.store.state.financialAccounts)[0];
  if (existing) return existing;
  const created: FinancialAccountRecord = { id: newId('fa_test'), created: v2Time(), display_name: 'Platform USD balance', metadata: {} };
  core.store.state.financialAccounts[created.id] = created;
  return created;
}

export function getFinancialAccount(core: StripeCore, id: string, param = 'id'): FinancialAccountRecord {
  const fa = platformFinancialAccount(core).id === id ? core.store.state.financialAccounts[id] : undefined;
  if (!fa) throw noSuch('financial_account', id, param);
  return fa;
}

/** USD cents available to send, and USD cents in OutboundPayments still processing. */
export function usdBalance(state: StripeState): { available: number; outboundPending: number } {
  let available = 0;
  let outboundPending = 0;
  for (const charge of Object.values(state.charges)) {
    if (charge.status === 'succeeded' && charge.currency === 'usd') available += charge.amount - charge.amount_refunded;
  }
  for (const dispute of Object.values(state.disputes)) {
    if (dispute.currency === 'usd') available -= dispute.amount;
  }
  for (const payment of Object.values(state.outboundPayments)) {
    if (payment.status === 'processing') outboundPending += payment.from.debited.value;
    if (payment.status === 'processing' || payment.status === 'posted') available -= payment.from.debited.value;
  }
  return { available, outboundPending };
}

const usd = (value: number): V2Amount => ({ value, currency: 'usd' });

/** The FinancialAccount as GET /v2/money_management/financial_accounts/:id returns it. */
export function renderFinancialAccount(core: StripeCore, fa: FinancialAccountRecord) {
  const { available, outboundPending } = usdBalance(core.store.state);
  return {
    id: fa.id,
    object: 'v2.money_management.financial_account' as const,
    balance: { available: { usd: usd(available) }, inbound_pending: {}, outbound_pending: outboundPending ? { usd: usd(outboundPending) } : {} },
    country: 'US',
    created: fa.created,
    display_name: fa.display_name,
    livemode: false,
    metadata: fa.metadata,
    status: 'open' as const,
    storage: { holds_currencies: ['usd'] },
    type: 'storage' as const,
  };
}
