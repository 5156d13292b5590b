import { linkUseCase } from './account-links.ts';
import type { BankDetails } from './bank-form-checks.ts';
import { bankOutcome } from './bank-test-values.ts';
import type { StripeCore } from './core.ts';
import { newId } from './ids.ts';
import { PAYOUT_COUNTRIES, type PayoutCountry } from './payout-countries.ts';
import { setPayoutReadiness } from './v2-accounts.ts';
import { type PayoutMethod, type StoredAccountLink, type V2Account, v2Time } from './v2-objects.ts';
import { accountRef, payoutMethodRef } from './v2-refs.ts';

/**
 * Ends a hosted onboarding: the bank account becomes the recipient's payout method and its default for
 * the country's currency, and the recipient can be paid. Only what Stripe returns of a payout method is
 * kept (bank name, last four, country, currency), never the full numbers, as the double's state is a
 * stand-in for Stripe's vault.
 */
export function completeOnboarding(core: StripeCore, account: V2Account, country: PayoutCountry, details: BankDetails, stored: StoredAccountLink): PayoutMethod {
  const currency = PAYOUT_COUNTRIES[country].currency;
  recordLegalName(core, account, country, details.holderName);
  const method: PayoutMethod = {
    id: newId('bankacct'),
    object: 'v2.money_management.payout_method',
    archived: false,
    bank_account: { bank_account_type: details.accountType, bank_name: details.bankName, country, last4: details.last4, supported_currencies: [currency] },
    created: v2Time(),
    livemode: false,
    restricted: false,
    type: 'bank_account',
    usage_status: { payments: 'ineligible', transfers: 'eligible' },
  };
  core.store.state.payoutMethods[method.id] = { account: account.id, outcome: bankOutcome(details.accountPart), method };
  core.emitV2('v2.money_management.payout_method.created', { related: payoutMethodRef(method.id), context: account.id });
  account.defaults ??= { currency, locales: [], payout_methods: {}, responsibilities: { fees_collector: 'application', losses_collector: 'application', requirements_collector: 'stripe' } };
  account.defaults.payout_methods[currency] = method.id;
  core.emitV2('v2.core.account[defaults].updated', { related: accountRef(account.id) });
  setPayoutReadiness(core, account, true);
  stored.completed = true;
  core.emitV2('v2.core.account_link.returned', {
    data: { account_id: account.id, configurations: linkUseCase(stored).configurations ?? ['recipient'], use_case: stored.link.use_case.type },
  });
  return method;
}

/**
 * Stripe's hosted onboarding asks for the legal name (given names and surnames apart, or a company's
 * registered name) and keeps it on the account's identity, which the platform reads with
 * `include: ['identity']`. The double's form has one "holder" field: it is split at its first space, so
 * given name and surname joined by a space give back exactly what was typed.
 */
function recordLegalName(core: StripeCore, account: V2Account, country: PayoutCountry, name: string): void {
  const identity = account.identity ?? { country, entity_type: 'individual' };
  if (identity.entity_type === 'company' || identity.entity_type === 'non_profit') {
    identity.business_details = { registered_name: name };
  } else {
    const space = name.indexOf(' ');
    identity.individual = space < 0 ? { given_name: name } : { given_name: name.slice(0, space), surname: name.slice(space + 1) };
  }
  account.identity = identity;
  core.emitV2('v2.core.account[identity].updated', { related: accountRef(account.id) });
}

/** The payout method an OutboundPayment to this recipient uses by default, if it has one. */
export function defaultPayoutMethod(core: StripeCore, account: V2Account): string | undefined {
  const methods = account.defaults?.payout_methods ?? {};
  return Object.values(methods).find((id) => core.store.state.payoutMethods[id] && !core.store.state.payoutMethods[id]!.method.archived);
}

/**
 * After the bank refused a payout: the payout method can no longer receive money, and the recipient must
 * give another bank account (a new Account Link) before the next payout.
 */
export function invalidatePayoutMethod(core: StripeCore, methodId: string): void {
  const stored = core.store.state.payoutMethods[methodId];
  if (!stored || stored.method.usage_status.transfers === 'invalid') return;
  stored.method.usage_status.transfers = 'invalid';
  core.emitV2('v2.money_management.payout_method.updated', { related: payoutMethodRef(methodId), context: stored.account });
  const account = core.store.state.accounts[stored.account];
  if (account && defaultPayoutMethod(core, account) === methodId) setPayoutReadiness(core, account, false, 'past_due');
}
