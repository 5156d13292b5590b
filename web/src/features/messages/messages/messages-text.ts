import type { MessageValues } from '@/i18n/use-t';
import type en from './en.json';

type Key = keyof typeof en;
type T = (key: Key, values?: MessageValues) => string;

/** The codes of api.send_message, api.conversation and friends (their DETAIL), and the client's own. */
const ERROR_CODES = [
  'content_required',
  'content_too_long',
  'messaging_not_allowed',
  'receiver_not_found',
  'not_signed_in',
  'timeout',
  'no_message',
] as const;

/**
 * Why a messaging call failed, in the reader's language: by the stable code the server sends in
 * `details` (never the SQL function's English sentence); a request that got no answer says so.
 */
export function messagesErrorText(t: T, error: unknown): string {
  const e = error as { details?: unknown; code?: unknown; message?: unknown } | null;
  const code = ERROR_CODES.find((c) => c === e?.details || c === e?.code);
  if (code) return t(`messages.error.${code}`);
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message ?? ''))) return t('messages.error.network');
  return t('messages.error.unknown');
}
