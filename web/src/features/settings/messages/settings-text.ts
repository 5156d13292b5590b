import type { MessageValues } from '@/i18n/use-t';
import { settingsMessages } from '../api/settings-schemas';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
type T = (key: Key, values?: MessageValues) => string;

const rules = ruleMessages<Key>(settingsMessages, 'settings.validation');

/**
 * A form error in the reader's language. The rules speak English (settingsMessages, pinned by the schema
 * tests); each of their messages has its key here. Anything else was translated when it was set.
 */
export function validationText(t: T, message: string | undefined): string | undefined {
  return rules.text(t, message);
}

/** The codes the settings' `api` functions (their DETAIL) and Auth (email and password changes) answer with. */
const ERROR_CODES = [
  'username_taken',
  'username_invalid',
  'full_name_invalid',
  'bio_too_long',
  'company_name_required',
  'website_invalid',
  'contact_email_invalid',
  'niche_invalid',
  'rate_invalid',
  'not_brand',
  'not_creator',
  'not_signed_in',
  'email_exists',
  'email_address_invalid',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'picture_not_uploaded',
  'brand_profile_missing',
  'portfolio_full',
  'portfolio_file_not_uploaded',
  'portfolio_item_exists',
  'portfolio_item_not_found',
  'portfolio_order_invalid',
  'caption_too_long',
] as const;

/**
 * Why a save failed, in the reader's language: by the stable code of the SQL function or of Auth, else a
 * known reason (a settingsMessages text) by its name; never their English sentence.
 */
export function settingsErrorText(t: T, error: unknown): string {
  const e = error as { details?: unknown; code?: unknown; message?: unknown; name?: unknown } | null;
  const code = ERROR_CODES.find((c) => c === e?.details || c === e?.code);
  if (code) return t(`settings.error.${code}`);
  const known = typeof e?.message === 'string' ? rules.keyOf(e.message) : undefined;
  if (known) return t(known);
  if (e?.name === 'AuthRetryableFetchError' || error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) {
    return t('settings.error.network');
  }
  return t('settings.error.unknown');
}

/** The codes the `payouts` function answers onboarding and sync with. */
const PAYOUT_ERROR_CODES = ['country_not_supported', 'country_required', 'not_creator', 'payout_account_missing', 'payout_account_busy', 'stripe_error', 'rate_limited'] as const;

/**
 * Why opening Stripe's page or checking the account failed, in the reader's language: by the `payouts`
 * function's code (FunctionError.code), never its English sentence.
 */
export function payoutsErrorText(t: T, error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = PAYOUT_ERROR_CODES.find((c) => c === e?.code);
  if (code) return t(`settings.payouts.error.${code}`);
  if (e?.code === 'network_error' || error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) {
    return t('settings.error.network');
  }
  return t('settings.error.unknown');
}
