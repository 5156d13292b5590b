import type { StripeCore } from './core.ts';
import { randomToken } from './ids.ts';
import type { JsonParams } from './json-params.ts';
import { invalidParam } from './stripe-error.ts';
import { getAccount } from './v2-accounts.ts';
import { type AccountLink, type AccountLinkUseCase, type StoredAccountLink, v2Time } from './v2-objects.ts';

export const ACCOUNT_LINK_PARAMS = ['account', 'use_case'];
const USE_CASE_PARAMS = ['refresh_url', 'return_url', 'collection_options', 'configurations'];

export const ONBOARDING_PATH = '/stripe/onboarding';

function url(p: JsonParams, name: string, required: boolean): string | undefined {
  const value = p.string(name, { required, max: 2048 });
  if (value === undefined) return undefined;
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw invalidParam(`Not a valid URL: ${value}`, `use_case.${name}`, 'url_invalid');
  return value;
}

/**
 * POST /v2/core/account_links: a single-use, short-lived URL of the double's hosted recipient form (the
 * stand-in for Stripe's hosted onboarding), where the recipient gives the bank account for payouts.
 * `account_update` opens the same form to replace the bank account.
 */
export function createAccountLink(core: StripeCore, p: JsonParams): AccountLink {
  const accountId = p.string('account', { required: true })!;
  const useCase = p.hash('use_case', ['type', 'account_onboarding', 'account_update'], { required: true })!;
  const type = useCase.oneOf('type', ['account_onboarding', 'account_update'] as const, { required: true })!;
  const details = useCase.hash(type, USE_CASE_PARAMS, { required: true })!;
  const options = details.hash('collection_options', ['fields', 'future_requirements']);
  const fields = options?.oneOf('fields', ['currently_due', 'eventually_due']);
  const future = options?.oneOf('future_requirements', ['include', 'omit']);
  const configurations = details.list('configurations');
  for (const c of configurations ?? []) {
    if (c !== 'recipient') throw invalidParam(`The local Stripe test double onboards the recipient configuration only, not ${c}.`, `use_case.${type}.configurations`);
  }
  const refreshUrl = url(details, 'refresh_url', true)!;
  const returnUrl = url(details, 'return_url', false);
  const account = getAccount(core, accountId, 'account');
  if (!account.configuration?.recipient) {
    throw invalidParam(`Account ${account.id} has no recipient configuration, the only one the local Stripe test double can onboard.`, 'account');
  }
  const token = randomToken(32);
  const now = Date.now();
  const described: AccountLinkUseCase = {
    refresh_url: refreshUrl,
    ...(returnUrl ? { return_url: returnUrl } : {}),
    ...(options ? { collection_options: { ...(fields ? { fields } : {}), ...(future ? { future_requirements: future } : {}) } } : {}),
    ...(configurations ? { configurations } : {}),
  };
  const link: AccountLink = {
    object: 'v2.core.account_link',
    account: account.id,
    created: v2Time(now),
    expires_at: v2Time(now + core.config.accountLinkTtlMs),
    livemode: false,
    url: `${core.stack.publicUrl}${ONBOARDING_PATH}?link=${token}`,
    use_case: { type, [type]: described },
  };
  const stored: StoredAccountLink = { token, link, session: null, completed: false };
  core.store.state.accountLinks[token] = stored;
  return structuredClone(link);
}

export function linkUseCase(stored: StoredAccountLink): AccountLinkUseCase {
  return (stored.link.use_case.account_onboarding ?? stored.link.use_case.account_update)!;
}
