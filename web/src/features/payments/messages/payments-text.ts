import { MAX_PAYMENT_CENTS, MIN_PAYMENT_CENTS } from '@contract/money';
import type { Formatters } from '@/i18n/format';
import type { MessageValues } from '@/i18n/use-t';
import type en from './en.json';

type Key = keyof typeof en;
/** The translate function of the payments catalog (useT(paymentsCatalog).t). */
export type PaymentsT = (key: Key, values?: MessageValues) => string;
type T = PaymentsT;

/**
 * The codes the `payments` function answers with (its own, and the DETAIL of api.payment_quote it
 * passes on), plus the client's `network_error` for a request that got no answer.
 */
const ERROR_CODES = [
  'amount_fixed',
  'amount_required',
  'amount_too_small',
  'amount_too_large',
  'not_owner',
  'deliverable_not_approved',
  'already_paid',
  'deliverable_not_found',
  'payment_processing',
  'payment_conflict',
  'stripe_error',
  // Stripe did not answer in time (504): trying again reuses the same payment (idempotency keys).
  'stripe_timeout',
  'rate_limited',
  'not_signed_in',
  'network_error',
  'already_funded',
  'hire_closed',
  'no_funding_needed',
  'application_not_found',
  'hire_not_found',
] as const;


/**
 * Why starting a payment failed, in the reader's language: by the function's code (or, for an `api`
 * function such as hire_quote, the code in the error's details), never its English sentence.
 */
export function paymentErrorText(t: T, f: Formatters, error: unknown): string {
  const e = error as { code?: unknown; details?: unknown } | null;
  const code = typeof e?.details === 'string' && e.details ? e.details : e?.code;
  const known = ERROR_CODES.find((c) => c === code);
  if (known) return t(`payments.error.${known}`, { min: f.money(MIN_PAYMENT_CENTS), max: f.money(MAX_PAYMENT_CENTS) });
  return t('payments.error.issue');
}

const INTENT_STATES = ['processing', 'canceled', 'requires_action', 'requires_payment_method', 'refunded'] as const;

/**
 * What the result screen says about a payment that did not succeed, by the status the check answered.
 * A declined card's reason is Stripe's own English sentence: it is shown to English readers only.
 */
export function intentText(t: T, locale: string, check: { status: string; message: string } | undefined): string {
  if (!check) return t('payments.error.issue');
  if (locale === 'en' && check.status === 'requires_payment_method' && check.message) return check.message;
  const known = INTENT_STATES.find((s) => s === check.status);
  return known ? t(`payments.result.intent.${known}`) : t('payments.error.issue');
}

/** The spec's statuses of a payment; anything else reads as failed. */
export function paymentStatusKey(status: string): Key {
  if (status === 'completed' || status === 'pending' || status === 'refunded') return `payments.status.${status}`;
  return 'payments.status.failed';
}

/** lib/format's compensationTypeLabel, in the reader's language. */
export function compensationKey(type: string): Key {
  if (type === 'flat_fee' || type === 'product') return `payments.compensation.${type}`;
  return 'payments.compensation.performance';
}


