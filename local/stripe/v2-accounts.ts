import type { RequestInfo, StripeCore } from './core.ts';
import { newId } from './ids.ts';
import { applyMetadata, type JsonParams } from './json-params.ts';
import { PAYOUT_COUNTRIES, payoutCountry, type PayoutCountry } from './payout-countries.ts';
import { invalidParam, noSuch } from './stripe-error.ts';
import { ACCOUNT_INCLUDES, type CapabilityState, type RequirementEntry, type V2Account, v2Time } from './v2-objects.ts';
import { accountRef } from './v2-refs.ts';

export const ACCOUNT_CREATE_PARAMS = ['contact_email', 'display_name', 'dashboard', 'identity', 'configuration', 'defaults', 'include', 'metadata'];
export const ACCOUNT_UPDATE_PARAMS = ['contact_email', 'display_name', 'defaults', 'include', 'metadata'];

/** The capability Global Payouts uses for a payout to a local bank account (API 2026-10-28.endive). */
export const LOCAL_BANK_CAPABILITY = 'bank_accounts.local';

const SUPPORTED = Object.keys(PAYOUT_COUNTRIES).join(', ');

export function getAccount(core: StripeCore, id: string, param = 'id'): V2Account {
  const account = core.store.state.accounts[id];
  if (!account) throw noSuch('account', id, param);
  return account;
}

/** The account's country when it is one the platform pays (every recipient the double created is). */
export function accountCountry(account: V2Account): PayoutCountry | undefined {
  return account.identity ? payoutCountry(account.identity.country) : undefined;
}

/** The requirement a recipient meets by giving a bank account on the hosted form. */
export function payoutMethodEntry(status: 'currently_due' | 'past_due'): RequirementEntry {
  return {
    awaiting_action_from: 'user',
    description: 'defaults.payout_methods',
    errors: [],
    impact: { restricts_capabilities: [{ capability: LOCAL_BANK_CAPABILITY, configuration: 'recipient', deadline: { status } }] },
    minimum_deadline: { status },
    requested_reasons: [{ code: status === 'currently_due' ? 'routine_onboarding' : 'routine_verification' }],
  };
}

export const RESTRICTED: CapabilityState = { status: 'restricted', status_details: [{ code: 'requirements_past_due', resolution: 'provide_info' }] };

function validEmail(email: string | undefined): string | undefined {
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidParam(`Invalid email address: ${email}`, 'contact_email', 'email_invalid');
  return email;
}

/** POST /v2/core/accounts: a recipient in one of the countries of docs/decisions/0017. */
export function createAccount(core: StripeCore, p: JsonParams, req: RequestInfo): V2Account {
  const identity = p.hash('identity', ['country', 'entity_type']);
  const recipient = p.hash('configuration', ['recipient'])?.hash('recipient', ['capabilities']);
  const local = recipient?.hash('capabilities', ['bank_accounts'])?.hash('bank_accounts', ['local'])?.hash('local', ['requested']);
  const requested = local?.bool('requested');
  if (local && requested === undefined) throw invalidParam('Missing required param: configuration.recipient.capabilities.bank_accounts.local.requested.', 'configuration.recipient.capabilities.bank_accounts.local.requested', 'parameter_missing');
  const defaults = p.hash('defaults', ['currency', 'locales', 'responsibilities']);
  const responsibilities = defaults?.hash('responsibilities', ['fees_collector', 'losses_collector']);
  const countryText = identity?.string('country', { required: recipient !== undefined })?.toUpperCase();
  if (recipient && !countryText) throw invalidParam('identity.country is required for the recipient configuration.', 'identity.country', 'parameter_missing');
  const country = countryText === undefined ? undefined : payoutCountry(countryText);
  if (countryText !== undefined && !country) {
    throw invalidParam(
      `The local Stripe test double onboards recipients only in the countries our platform pays (${SUPPORTED}; docs/decisions/0017-payout-paths-by-country.md): ${countryText} is not one of them.`,
      'identity.country',
    );
  }
  const entityType = identity?.oneOf('entity_type', ['individual', 'company', 'non_profit', 'government_entity']) ?? null;
  const include = includeList(p);
  const account: V2Account = {
    id: newId('acct'),
    object: 'v2.core.account',
    applied_configurations: recipient ? ['recipient'] : [],
    closed: false,
    configuration: recipient
      ? { recipient: { applied: true, capabilities: requested ? { bank_accounts: { local: structuredClone(RESTRICTED) } } : {} } }
      : null,
    contact_email: validEmail(p.string('contact_email', { max: 800 })) ?? null,
    created: v2Time(),
    dashboard: p.oneOf('dashboard', ['express', 'full', 'none']) ?? 'none',
    defaults: {
      currency: defaults?.string('currency')?.toLowerCase() ?? (country ? PAYOUT_COUNTRIES[country].currency : null),
      locales: defaults?.list('locales') ?? [],
      payout_methods: {},
      responsibilities: {
        fees_collector: responsibilities?.oneOf('fees_collector', ['application', 'application_custom', 'application_express', 'stripe']) ?? 'application',
        losses_collector: responsibilities?.oneOf('losses_collector', ['application', 'stripe']) ?? 'application',
        requirements_collector: 'stripe',
      },
    },
    display_name: p.string('display_name', { max: 5000 }) ?? null,
    future_requirements: { entries: [], summary: {} },
    identity: country ? { country, entity_type: entityType } : null,
    livemode: false,
    metadata: applyMetadata({}, p.metadata()),
    requirements: requested ? { entries: [payoutMethodEntry('currently_due')], summary: { minimum_deadline: { status: 'currently_due' } } } : { entries: [], summary: {} },
  };
  core.store.state.accounts[account.id] = account;
  core.emitV2('v2.core.account.created', { related: accountRef(account.id), request: req });
  return renderAccount(account, include);
}

/** POST /v2/core/accounts/:id: the fields the platform owns (metadata, names), not the recipient's. */
export function updateAccount(core: StripeCore, id: string, p: JsonParams, req: RequestInfo): V2Account {
  const include = includeList(p);
  const update = p.metadata();
  const email = validEmail(p.string('contact_email', { max: 800 }));
  const name = p.string('display_name', { max: 5000 });
  // Only the locales of defaults (the language of Stripe's hosted pages, the creator's): currency and
  // responsibilities stay as created.
  const locales = p.hash('defaults', ['locales'])?.list('locales');
  const account = getAccount(core, id);
  const metadata = applyMetadata(account.metadata, update);
  account.metadata = metadata;
  if (email !== undefined) account.contact_email = email;
  if (name !== undefined) account.display_name = name;
  if (locales !== undefined && account.defaults) account.defaults.locales = locales;
  core.emitV2('v2.core.account.updated', { related: accountRef(account.id), request: req });
  return renderAccount(account, include);
}

export function includeList(p: JsonParams): string[] {
  const include = p.list('include') ?? [];
  for (const path of include) {
    if (!(ACCOUNT_INCLUDES as readonly string[]).includes(path)) {
      throw invalidParam(`Invalid include value: ${path}. Allowed values: ${ACCOUNT_INCLUDES.join(', ')}.`, 'include');
    }
  }
  return include;
}

/** The account as v2 returns it: the include-dependent parts are null unless named in `include`. */
export function renderAccount(account: V2Account, include: readonly string[]): V2Account {
  const out = structuredClone(account);
  out.configuration = include.includes('configuration.recipient') && account.configuration ? structuredClone(account.configuration) : null;
  if (!include.includes('defaults')) out.defaults = null;
  if (!include.includes('identity')) out.identity = null;
  if (!include.includes('requirements')) out.requirements = null;
  if (!include.includes('future_requirements')) out.future_requirements = null;
  return out;
}

/** The recipient's local-bank capability, when it was requested. */
export function localCapability(account: V2Account): CapabilityState | undefined {
  return account.configuration?.recipient?.capabilities.bank_accounts?.local;
}

/**
 * Sets the capability's status and the matching requirement, emitting the events Stripe sends when
 * either changes (https://docs.stripe.com/api/v2/core/events/event-types).
 */
export function setPayoutReadiness(core: StripeCore, account: V2Account, ready: boolean, reason: 'currently_due' | 'past_due' = 'currently_due'): void {
  const capability = localCapability(account);
  if (!capability || !account.requirements) return;
  const before = capability.status;
  if (ready) {
    capability.status = 'active';
    capability.status_details = [];
    account.requirements = { entries: [], summary: {} };
  } else {
    Object.assign(capability, structuredClone(RESTRICTED));
    account.requirements = { entries: [payoutMethodEntry(reason)], summary: { minimum_deadline: { status: reason } } };
  }
  core.emitV2('v2.core.account[requirements].updated', { related: accountRef(account.id) });
  if (before !== capability.status) {
    core.emitV2('v2.core.account[configuration.recipient].capability_status_updated', {
      related: accountRef(account.id),
      data: { updated_capability: LOCAL_BANK_CAPABILITY },
    });
  }
}
