import { resolveDisputeFormMessages } from '@contract/payment-rules';
import { ruleMessages } from '@/i18n/rule-messages';
import type { MessageValues } from '@/i18n/use-t';
import { disputeMessageMessages } from '../api/dispute-message-schema';
import { openDisputeMessages } from '../api/open-dispute-schema';
import { DISPUTE_REASONS, type DisputeOutcome } from '../types';
import type en from './en.json';

type Key = keyof typeof en;
/** The translate function of the disputes catalog (useT(disputesCatalog).t). */
export type DisputesT = (key: Key, values?: MessageValues) => string;
type T = DisputesT;

const STATUSES = ['open', 'resolving', 'resolved', 'withdrawn'] as const;
const ROLES = ['brand', 'creator', 'admin'] as const;
const known = <V extends string>(list: readonly V[], value: string | null | undefined): V | undefined => list.find((v) => v === value);

/** A reason by its label ("Quality problems"); one the catalog does not know is shown as stored. */
export function reasonText(t: T, reason: string | null): string {
  const k = known(DISPUTE_REASONS, reason);
  return k ? t(`disputes.reason.${k}`) : (reason ?? '');
}

export function disputeStatusText(t: T, status: string): string {
  const k = known(STATUSES, status);
  return k ? t(`disputes.status.${k}`) : status;
}

/** "Brand", "Creator" or "Admin"; a role the catalog does not know is shown as stored. */
export function disputeRoleText(t: T, role: string | null): string {
  const k = known(ROLES, role);
  return k ? t(`disputes.role.${k}`) : (role ?? '');
}

/** What a decision did with the money held, in words: "Resolved: $300.00 released to the creator, $200.00 refunded to the brand". */
export function outcomeText(
  t: T,
  money: (cents: number) => string,
  resolution: { outcome: DisputeOutcome; creator_cents: number | null; brand_cents: number | null },
): string {
  const creator = money(Number(resolution.creator_cents ?? 0));
  const brand = money(Number(resolution.brand_cents ?? 0));
  return t(`disputes.outcome.${resolution.outcome}`, { creator, brand });
}

/** How long a dispute has waited: "Less than an hour", "5 hours", "3 days". */
export function ageText(t: T, createdAt: string, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  const days = Math.floor(ms / 86_400_000);
  if (days >= 1) return t('disputes.age.days', { count: days });
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 1 ? t('disputes.age.hours', { count: hours }) : t('disputes.age.lessThanHour');
}

const openRules = ruleMessages<Key>(openDisputeMessages, 'disputes.validation');
const replyRules = ruleMessages<Key>(disputeMessageMessages, 'disputes.reply.validation');
const resolveRules = ruleMessages<Key>(resolveDisputeFormMessages, 'disputes.resolve.validation');

/** The open-dispute form's errors in the reader's language: the schema's English message identifies the rule. */
export function openDisputeValidationText(t: T, message: string | undefined): string | undefined {
  return openRules.text(t, message);
}

export function replyValidationText(t: T, message: string | undefined): string | undefined {
  return replyRules.text(t, message);
}

export function resolveValidationText(t: T, message: string | undefined): string | undefined {
  return resolveRules.text(t, message);
}

/**
 * Every code a disputes call may fail with: the `api` functions' DETAIL (open_dispute, withdraw_dispute,
 * post_dispute_message, hire_dispute, admin_dispute_queue) and the payments function's `code`
 * (resolve-dispute, including what api.resolve_dispute_* raise through it).
 */
const ERROR_CODES = [
  'not_party',
  'reason_invalid',
  'details_required',
  'details_too_long',
  'evidence_invalid',
  'evidence_too_many',
  'not_held',
  'dispute_open',
  'not_opener',
  'dispute_closed',
  'dispute_not_found',
  'application_not_found',
  'body_required',
  'body_too_long',
  'not_admin',
  'note_required',
  'note_too_long',
  'split_invalid',
  'outcome_invalid',
  'no_payment',
  'refund_failed',
  'refund_not_recorded',
  'stripe_error',
  'rate_limited',
  'validation_failed',
] as const;
export type DisputeErrorCode = (typeof ERROR_CODES)[number];

/**
 * The code of a failed call when this feature knows it: an `api` function puts it in the error's
 * details (its `code` is the SQLSTATE); the payments function answers it as `code`.
 */
export function disputeErrorCode(error: unknown): DisputeErrorCode | undefined {
  const e = error as { name?: unknown; code?: unknown; details?: unknown } | null;
  const code = typeof e?.details === 'string' ? e.details : e?.name === 'FunctionError' ? e.code : undefined;
  return ERROR_CODES.find((c) => c === code);
}

/** Whether the call never reached the server (a function call says so with status 0 and network_error). */
function isNetworkError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return error instanceof TypeError || e?.code === 'network_error' || /failed to fetch|networkerror|load failed/i.test(String(e?.message ?? ''));
}

/** Why a disputes call failed, in the reader's language: by its code, never the server's English sentence. */
export function disputeErrorText(t: T, error: unknown): string {
  const code = disputeErrorCode(error);
  if (code) return t(`disputes.error.${code}`);
  return isNetworkError(error) ? t('disputes.error.network') : t('disputes.error.unknown');
}

/** The form field a refused call is about, so its message shows next to that field. */
export function disputeErrorField(error: unknown): 'reason' | 'details' | 'evidence' | 'body' | 'note' | 'creatorAmount' | undefined {
  switch (disputeErrorCode(error)) {
    case 'reason_invalid':
      return 'reason';
    case 'details_required':
    case 'details_too_long':
      return 'details';
    case 'evidence_invalid':
    case 'evidence_too_many':
      return 'evidence';
    case 'body_required':
    case 'body_too_long':
      return 'body';
    case 'note_required':
    case 'note_too_long':
      return 'note';
    case 'split_invalid':
      return 'creatorAmount';
    default:
      return undefined;
  }
}
