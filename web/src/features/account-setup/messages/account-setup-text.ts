import type { MessageValues } from '@/i18n/use-t';
import { setPasswordMessages } from '../api/set-password-schema';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
type T = (key: Key, values?: MessageValues) => string;

const rules = ruleMessages<Key>(setPasswordMessages, 'account-setup.validation');

/** A form error in the reader's language: the schema's (English) message is its identifier. */
export function validationText(t: T, message: string | undefined): string | undefined {
  return rules.text(t, message);
}

const AUTH_ERROR_CODES = ['weak_password', 'same_password', 'over_request_rate_limit', 'session_not_found'] as const;

/** Why Auth refused the new password, by its error code: never Auth's English sentence on a Spanish page. */
export function setPasswordErrorText(t: T, error: unknown): string {
  const e = error as { code?: unknown; name?: unknown } | null;
  const code = AUTH_ERROR_CODES.find((c) => c === e?.code);
  if (code) return t(`account-setup.error.${code}`);
  if (e?.name === 'AuthRetryableFetchError' || error instanceof TypeError) return t('account-setup.error.network');
  return t('account-setup.error.unknown');
}
