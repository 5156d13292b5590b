import { signUpMessages } from '@contract/sign-up-messages';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
type T = (key: Key, values?: Record<string, string | number>) => string;

const rules = ruleMessages<Key>(signUpMessages, 'auth.validation');

/**
 * A form error in the reader's language. The rules (shared with the /api facade, which keeps the spec's
 * Spanish texts) speak Spanish; each of their messages has its key here.
 */
export function validationText(t: T, message: string | undefined): string | undefined {
  return rules.text(t, message);
}

const AUTH_ERROR_CODES = [
  'invalid_credentials',
  'email_not_confirmed',
  'user_already_exists',
  'email_exists',
  'over_request_rate_limit',
  'weak_password',
  'same_password',
  'over_email_send_rate_limit',
] as const;

/**
 * What to tell the reader about a failed sign-in or sign-up: by Auth's error code, never Auth's English
 * sentence on a Spanish page; a request that got no answer says so.
 */
export function authErrorText(t: T, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const known = AUTH_ERROR_CODES.find((c) => c === code);
  if (known) return t(`auth.error.${known}`);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AuthRetryableFetchError' || error instanceof TypeError) return t('auth.error.network');
  return t('auth.error.unknown');
}
