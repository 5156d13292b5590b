import type { StripeCore } from './core.ts';
import { platformFinancialAccount } from './financial-account.ts';
import { newId } from './ids.ts';
import { buildCharge, buildPaymentIntent, buildPaymentMethod, type Charge, type PaymentIntent, type PaymentMethod } from './objects.ts';
import { convertFromUsd, PAYOUT_COUNTRIES, payoutCountry } from './payout-countries.ts';
import type { StripeState } from './store.ts';
import { cardByToken } from './test-cards.ts';
import { payoutMethodEntry, RESTRICTED } from './v2-accounts.ts';
import type { OutboundPayment, StoredPayoutMethod, V2Account } from './v2-objects.ts';
import { v2Time } from './v2-objects.ts';

/**
 * The Stripe objects the database's seed refers to, as plain data (read by local/bootstrap/seed-stripe.ts:
 * the double itself never reads the app's database). Times are epoch milliseconds.
 */
export interface SeedStripeObjects {
  /** Card payments that succeeded, some maybe partly or wholly refunded. */
  payments: Array<{
    id: string; amountCents: number; refundedCents: number; createdMs: number; description: string; statementDescriptorSuffix: string | null;
    metadata: Record<string, string>;
  }>;
  /** Recipient accounts: paid to a bank account (active), asked for new bank details (needs_attention), or still onboarding. */
  recipients: Array<{
    id: string;
    country: string;
    status: 'onboarding' | 'active' | 'needs_attention';
    /** "Bank name •••• 1234", as Stripe's payout method summarises it. */
    bankSummary: string | null;
    email: string;
    name: string;
    creatorId: string;
    createdMs: number;
  }>;
  /** OutboundPayments that posted (paid) or failed. */
  payouts: Array<{ id: string; payoutId: string; creatorId: string; recipient: string; amountCents: number; status: 'paid' | 'failed'; createdMs: number; settledMs: number }>;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Makes the seed's objects exist, as if they had happened at Stripe when the seed says: each one the double
 * does not hold yet is added (so a restart adds nothing twice), without events, since the database already
 * recorded what they did. Added objects go first in their lists, being older than anything made since.
 * Returns how many objects were added.
 */
export function addSeedObjects(core: StripeCore, seed: SeedStripeObjects): number {
  const state = core.store.state;
  const added = { paymentIntents: {}, paymentMethods: {}, charges: {}, accounts: {}, payoutMethods: {}, outboundPayments: {} } as Pick<
    StripeState, 'paymentIntents' | 'paymentMethods' | 'charges' | 'accounts' | 'payoutMethods' | 'outboundPayments'
  >;
  let count = 0;
  for (const payment of seed.payments) {
    if (state.paymentIntents[payment.id]) continue;
    const { pi, pm, charge } = succeededPayment(payment);
    added.paymentIntents[pi.id] = pi;
    added.paymentMethods[pm.id] = pm;
    added.charges[charge.id] = charge;
    count++;
  }
  for (const recipient of seed.recipients) {
    if (state.accounts[recipient.id]) continue;
    const made = recipientAccount(recipient);
    if (!made) continue;
    added.accounts[made.account.id] = made.account;
    if (made.method) added.payoutMethods[made.method.method.id] = made.method;
    count++;
  }
  const accounts = { ...state.accounts, ...added.accounts };
  const methods = { ...state.payoutMethods, ...added.payoutMethods };
  const fa = seed.payouts.length > 0 ? platformFinancialAccount(core).id : '';
  for (const payout of seed.payouts) {
    if (state.outboundPayments[payout.id]) continue;
    const account = accounts[payout.recipient];
    const methodId = account && Object.values(account.defaults?.payout_methods ?? {}).find((id) => methods[id]);
    const country = account?.identity ? payoutCountry(account.identity.country) : undefined;
    if (!methodId || !country) {
      core.log(`stripe: the seed's payout ${payout.id} goes to ${payout.recipient}, which has no payout method: not added`);
      continue;
    }
    added.outboundPayments[payout.id] = outboundPayment(payout, fa, methodId, country);
    count++;
  }
  for (const key of Object.keys(added) as Array<keyof typeof added>) {
    if (Object.keys(added[key]).length > 0) (state as unknown as Record<string, unknown>)[key] = { ...added[key], ...state[key] };
  }
  return count;
}

/** A PaymentIntent paid with the Visa test card, its PaymentMethod, and its charge with the refunds so far. */
function succeededPayment(p: SeedStripeObjects['payments'][number]): { pi: PaymentIntent; pm: PaymentMethod; charge: Charge } {
  const created = seconds(p.createdMs);
  const pi = buildPaymentIntent({
    id: p.id, amount: p.amountCents, currency: 'usd', automatic: null, allowedTypes: ['card'], description: p.description,
    statementDescriptorSuffix: p.statementDescriptorSuffix, metadata: p.metadata, receiptEmail: null, created,
  });
  const pm = { ...buildPaymentMethod(cardByToken('pm_card_visa')!), created };
  const charge = { ...buildCharge(pi, pm, null), created, amount_refunded: p.refundedCents, refunded: p.refundedCents >= p.amountCents };
  Object.assign(pi, { status: 'succeeded', amount_received: p.amountCents, latest_charge: charge.id, payment_method: pm.id });
  return { pi, pm, charge };
}

/** A recipient Account in its onboarding state, and its bank account when it gave one. */
function recipientAccount(r: SeedStripeObjects['recipients'][number]): { account: V2Account; method?: StoredPayoutMethod } | undefined {
  const country = payoutCountry(r.country);
  if (!country) return undefined;
  const currency = PAYOUT_COUNTRIES[country].currency;
  const bank = r.bankSummary ? /^(.*) •••• (\d{4})$/.exec(r.bankSummary) : null;
  const method: StoredPayoutMethod | undefined = bank
    ? {
        account: r.id,
        // A bank that stopped accepting payouts is one whose account closed (see bank-test-values.ts).
        outcome: r.status === 'needs_attention' ? 'closed' : 'succeed',
        method: {
          id: newId('bankacct'),
          object: 'v2.money_management.payout_method',
          archived: false,
          bank_account: { bank_account_type: 'checking', bank_name: bank[1]!, country, last4: bank[2]!, supported_currencies: [currency] },
          created: v2Time(r.createdMs),
          livemode: false,
          restricted: false,
          type: 'bank_account',
          usage_status: { payments: 'ineligible', transfers: r.status === 'needs_attention' ? 'invalid' : 'eligible' },
        },
      }
    : undefined;
  const ready = r.status === 'active' && method !== undefined;
  const due = r.status === 'needs_attention' ? 'past_due' : 'currently_due';
  const account: V2Account = {
    id: r.id,
    object: 'v2.core.account',
    applied_configurations: ['recipient'],
    closed: false,
    configuration: { recipient: { applied: true, capabilities: { bank_accounts: { local: ready ? { status: 'active', status_details: [] } : structuredClone(RESTRICTED) } } } },
    contact_email: r.email,
    created: v2Time(r.createdMs),
    dashboard: 'none',
    defaults: {
      currency,
      locales: [],
      payout_methods: method ? { [currency]: method.method.id } : {},
      responsibilities: { fees_collector: 'application', losses_collector: 'application', requirements_collector: 'stripe' },
    },
    display_name: r.name,
    future_requirements: { entries: [], summary: {} },
    identity: { country, entity_type: 'individual' },
    livemode: false,
    metadata: { creator_id: r.creatorId },
    requirements: ready ? { entries: [], summary: {} } : { entries: [payoutMethodEntry(due)], summary: { minimum_deadline: { status: due } } },
  };
  return { account, method };
}

/** A settled OutboundPayment from the platform's balance to the recipient's bank account. */
function outboundPayment(p: SeedStripeObjects['payouts'][number], fa: string, methodId: string, country: NonNullable<ReturnType<typeof payoutCountry>>): OutboundPayment {
  const settled = v2Time(p.settledMs);
  return {
    id: p.id,
    object: 'v2.money_management.outbound_payment',
    amount: { value: p.amountCents, currency: 'usd' },
    cancelable: false,
    created: v2Time(p.createdMs),
    description: 'Creator earnings',
    from: { debited: { value: p.amountCents, currency: 'usd' }, financial_account: fa },
    livemode: false,
    metadata: { payout_id: p.payoutId, creator_id: p.creatorId },
    recipient_notification: { setting: 'configured' },
    statement_descriptor: 'STRIPE',
    ...(p.status === 'paid'
      ? {
          status: 'posted' as const,
          status_transitions: { posted_at: settled },
          tracking_details: { status: 'supported' as const, type: 'bank_account' as const, bank_account: { trace_id: `TRACE${p.payoutId.replace(/-/g, '').slice(0, 12).toUpperCase()}` } },
        }
      : { status: 'failed' as const, status_details: { failed: { reason: 'payout_method_does_not_exist' } }, status_transitions: { failed_at: settled } }),
    to: { credited: { value: convertFromUsd(p.amountCents, country), currency: PAYOUT_COUNTRIES[country].currency }, payout_method: methodId, recipient: p.recipient },
  };
}
