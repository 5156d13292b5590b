import type { MessageValues } from '@/i18n/use-t';
import { minimumCentsOf } from '../utils/money-lines';
import type en from './en.json';

type Key = keyof typeof en;
export type EarningsT = (key: Key, values?: MessageValues) => string;

/** The codes the `payouts` function answers a payout request with. */
const ERROR_CODES = ['payout_account_missing', 'payout_account_not_ready', 'not_creator', 'stripe_error', 'rate_limited'] as const;

/**
 * Why a payout request failed, in the reader's language: by the function's code (FunctionError.code),
 * never its English sentence. A refusal under the minimum names the minimum, read from that sentence
 * and written with the reader's money format.
 */
export function earningsErrorText(t: EarningsT, money: (cents: number) => string, error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === 'payout_below_minimum') {
    const minimum = minimumCentsOf(typeof e.message === 'string' ? e.message : undefined);
    return minimum === null ? t('earnings.error.belowMinimum') : t('earnings.error.belowMinimumOf', { minimum: money(minimum) });
  }
  const code = ERROR_CODES.find((c) => c === e?.code);
  if (code) return t(`earnings.error.${code}`);
  if (e?.code === 'network_error' || error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) {
    return t('earnings.error.network');
  }
  return t('earnings.error.unknown');
}

/** A fee in basis points as the reader writes a percentage: 1500 -> "15%" / "15 %". */
export function percentOfBps(bps: number, locale: 'es' | 'en'): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-419' : 'en-US', { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}
