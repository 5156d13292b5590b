import { FORMAT_TAG, type Locale } from '@/i18n/locales';
import { PLATFORM_PAYOUT_REFUSALS } from '@contract/payout-failure';
import type { MessageValues } from '@/i18n/use-t';
import type en from './en.json';

type Key = keyof typeof en;
export type EarningsT = (key: Key, values?: MessageValues) => string;

/**
 * Stripe refused a payout and its money went back to the available balance, for a reason that is the
 * platform's (its payout balance was short, or another refusal): the payout account is fine. The
 * `payouts` function answers with the code, and the failed payout keeps it (api.payout_refused).
 */
const PLATFORM_REFUSALS = PLATFORM_PAYOUT_REFUSALS;

/** The codes the `payouts` function answers a payout request with. */
const ERROR_CODES = [
  'payout_account_missing',
  'payout_account_not_ready',
  // No valid tax form on file (decision 0044): the money waits, available.
  'tax_form_missing',
  'tax_form_expired',
  'tax_form_name_mismatch',
  'not_creator',
  'stripe_error',
  // Stripe did not answer in time (504): trying again reuses the same payment (idempotency keys).
  'stripe_timeout',
  'rate_limited',
  ...PLATFORM_REFUSALS,
  // Refused because Stripe cannot pay the bank account (the account now needs attention).
  'bank_account_invalid',
  // No definite answer from Stripe: the payout stays on its way and is sent again with the same key.
  'payout_unconfirmed',
] as const;

/**
 * Why a payout request failed, in the reader's language: by the function's code (FunctionError.code),
 * never its English sentence. A refusal under the minimum names the minimum, given by the function as a
 * figure (`amounts.minimum_cents`) and written with the reader's money format.
 */
export function earningsErrorText(t: EarningsT, money: (cents: number) => string, error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; amounts?: Readonly<Record<string, number>> } | null;
  if (e?.code === 'payout_below_minimum') {
    const minimum = e.amounts?.minimum_cents;
    return minimum === undefined ? t('earnings.error.belowMinimum') : t('earnings.error.belowMinimumOf', { minimum: money(minimum) });
  }
  const code = ERROR_CODES.find((c) => c === e?.code);
  if (code) return t(`earnings.error.${code}`);
  if (e?.code === 'network_error' || error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) {
    return t('earnings.error.network');
  }
  return t('earnings.error.unknown');
}

/**
 * Why a failed payout failed, for its history line: the platform's refusals in this screen's words (they
 * must not send the creator to their bank details); every other code is a bank's reason, worded by
 * `bankProblem` (the app's shared payout problem texts).
 */
export function payoutFailureText(t: EarningsT, bankProblem: (code: string | null | undefined) => string, code: string | null | undefined): string {
  const refusal = PLATFORM_REFUSALS.find((c) => c === code);
  return refusal ? t(`earnings.error.${refusal}`) : bankProblem(code);
}

/** A fee in basis points as the reader writes a percentage: 1500 -> "15%" / "15 %". */
export function percentOfBps(bps: number, locale: Locale): string {
  return new Intl.NumberFormat(FORMAT_TAG[locale], { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}
