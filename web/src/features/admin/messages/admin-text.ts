import { adminUserMessages } from '@contract/admin-users';
import { platformSettingsMessages } from '../api/platform-settings-schema';
import type { MessageValues } from '@/i18n/use-t';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
/** The translate function of the admin catalog (useT(adminCatalog).t). */
export type AdminT = (key: Key, values?: MessageValues) => string;
type T = AdminT;

const rules = ruleMessages<Key>(adminUserMessages, 'admin.validation');
const settingsRules = ruleMessages<Key>(platformSettingsMessages, 'admin.settings.validation');

/**
 * A form error in the reader's language. The rules (shared with the admin-users function) speak English
 * and each of their messages has its key here.
 */
export function validationText(t: T, message: string | undefined): string | undefined {
  return rules.text(t, message);
}

/** A Platform settings form error in the reader's language (its rules speak English, each has its key). */
export function settingsValidationText(t: T, message: string | undefined): string | undefined {
  return settingsRules.text(t, message);
}

/** The codes the admin-users function and the admin `api` functions answer with. */
const ERROR_CODES = [
  'email_taken',
  'email_invalid',
  'user_not_found',
  'own_role',
  'own_account',
  'last_admin',
  'not_admin',
  'not_signed_in',
  'username_taken',
  'username_invalid',
  'full_name_invalid',
  'bio_too_long',
  'role_invalid',
  'rate_limited',
  'fee_out_of_range',
  'review_window_out_of_range',
  'payout_minimum_out_of_range',
  'payout_schedule_invalid',
] as const;

/**
 * Why an admin call failed, in the reader's language: by the code of the edge function's answer
 * (FunctionError.code) or of the SQL function (ApiError.details), never their English sentence. A form
 * rule the function enforced again says its rule; a request without an answer says so.
 */
export function adminErrorText(t: T, error: unknown, fallback: Key = 'admin.error.unknown'): string {
  const e = error as { details?: unknown; code?: unknown; message?: unknown; status?: unknown } | null;
  const code = ERROR_CODES.find((c) => c === e?.details || c === e?.code);
  if (code) return t(`admin.error.${code}`);
  if (e?.code === 'validation_failed' && typeof e.message === 'string') {
    const key = rules.keyOf(e.message);
    if (key) return t(key);
  }
  if (e?.code === 'network_error' || error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) {
    return t('admin.error.network');
  }
  return t(fallback);
}
