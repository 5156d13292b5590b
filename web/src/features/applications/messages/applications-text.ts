import { CAMPAIGN_CONTENT_TYPES } from '@contract/campaign-content-types';
import { titleCase } from '@/lib/format';
import type { MessageValues } from '@/i18n/use-t';
import { applyMessages } from '@contract/application-input';
import { cancelHireMessages } from '@contract/payment-rules';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
/** The translate function of the applications catalog (useT(applicationsCatalog).t). */
export type ApplicationsT = (key: Key, values?: MessageValues) => string;
type T = ApplicationsT;

const STATUSES = ['pending', 'accepted', 'rejected', 'canceled'] as const;
const COMPENSATION_TYPES = ['flat_fee', 'product', 'performance'] as const;

const known = <V extends string>(list: readonly V[], value: string): V | undefined => list.find((v) => v === value);

/** Pending, Accepted, Rejected or Canceled; a status the catalog does not know is shown as stored. */
export function applicationStatusText(t: T, status: string): string {
  const k = known(STATUSES, status);
  return k ? t(`applications.status.${k}`) : titleCase(status);
}

export function contentTypeText(t: T, type: string): string {
  const k = known(CAMPAIGN_CONTENT_TYPES, type);
  return k ? t(`applications.contentType.${k}`) : titleCase(type);
}

/** Spec section 9: flat_fee is Flat fee, product is Product exchange, anything else Performance based. */
export function compensationTypeText(t: T, type: string): string {
  return t(`applications.compensationType.${known(COMPENSATION_TYPES, type) ?? 'performance'}`);
}

const rules = ruleMessages<Key>(applyMessages, 'applications.validation');
const cancelRules = ruleMessages<Key>(cancelHireMessages, 'applications.cancelHire.validation');

/** A cancel reason's error in the reader's language: the schema's English message identifies the rule. */
export function cancelHireValidationText(t: T, message: string | undefined): string | undefined {
  return cancelRules.text(t, message);
}

/** The codes POST payments/cancel-hire answers with (its own, and those of api.cancel_hire_quote it passes on). */
const CANCEL_CODES = [
  'content_submitted',
  'refund_pending',
  'hire_closed',
  'payment_processing',
  'stripe_error',
  'rate_limited',
  'refund_failed',
  'not_owner',
  'no_escrow',
  'application_not_found',
  'network_error',
] as const;

/**
 * Why canceling a hire failed, in the reader's language, by the function's code. A code this screen
 * does not know keeps the function's own sentence for English readers (it is English), else the generic
 * message.
 */
export function cancelHireErrorText(t: T, locale: string, error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === 'reason_required') return t('applications.cancelHire.validation.reasonRequired');
  if (e?.code === 'reason_too_long') return t('applications.cancelHire.validation.reasonTooLong');
  const known = CANCEL_CODES.find((c) => c === e?.code);
  if (known) return t(`applications.cancelHire.error.${known}`);
  if (locale === 'en' && typeof e?.message === 'string' && e.message) return e.message;
  return t('applications.error.unknown');
}

/** A pitch error in the reader's language: the schema's English message identifies the rule. */
export function applyValidationText(t: T, message: string | undefined): string | undefined {
  return rules.text(t, message);
}

/** The codes api.apply_to_campaign, accept_application, reject_application and campaign_applications raise. */
const ERROR_CODES = [
  'pitch_required',
  'pitch_too_long',
  'not_creator',
  'campaign_not_found',
  'already_applied',
  'campaign_not_active',
  'application_not_found',
  'not_owner',
  'invalid_transition',
] as const;

/**
 * Why an application call failed, in the reader's language: by the code the SQL function put in the
 * error's details (ApiError.details), never its English sentence. A request that got no answer says so.
 */
export function applicationErrorText(t: T, error: unknown): string {
  const e = error as { details?: unknown; message?: unknown } | null;
  const code = typeof e?.details === 'string' ? known(ERROR_CODES, e.details) : undefined;
  if (code) return t(`applications.error.${code}`);
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message))) return t('applications.error.network');
  return t('applications.error.unknown');
}
