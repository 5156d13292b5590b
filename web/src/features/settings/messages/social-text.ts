import type { MessageValues } from '@/i18n/use-t';
import type en from './en.json';

type Key = keyof typeof en;
type T = (key: Key, values?: MessageValues) => string;

/** The codes the social-connect function answers /start and /disconnect with (FunctionError.code). */
const SOCIAL_ERROR_CODES = ['platform_not_configured', 'social_account_not_found', 'not_creator', 'not_signed_in'] as const;

/**
 * Why opening a platform's consent page or disconnecting failed, in the reader's language: by the
 * function's code, never its English sentence.
 */
export function socialErrorText(t: T, error: unknown, platform: string): string {
  const e = error as { code?: unknown; details?: unknown; message?: unknown } | null;
  const code = SOCIAL_ERROR_CODES.find((c) => c === e?.code || c === e?.details);
  if (code) return t(`settings.social.error.${code}`, { platform });
  if (e?.code === 'network_error' || error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) {
    return t('settings.error.network');
  }
  return t('settings.error.unknown');
}
