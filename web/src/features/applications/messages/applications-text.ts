import { titleCase } from '@/lib/format';
import type { MessageValues } from '@/i18n/use-t';
import { applyMessages } from '../api/apply-schema';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
/** The translate function of the applications catalog (useT(applicationsCatalog).t). */
export type ApplicationsT = (key: Key, values?: MessageValues) => string;
type T = ApplicationsT;

const STATUSES = ['pending', 'accepted', 'rejected'] as const;
const CONTENT_TYPES = ['video', 'image', 'review', 'post', 'story', 'reel'] as const;
const COMPENSATION_TYPES = ['flat_fee', 'product', 'performance'] as const;

const known = <V extends string>(list: readonly V[], value: string): V | undefined => list.find((v) => v === value);

/** Pending, Accepted or Rejected; a status the catalog does not know is shown as stored. */
export function applicationStatusText(t: T, status: string): string {
  const k = known(STATUSES, status);
  return k ? t(`applications.status.${k}`) : titleCase(status);
}

export function contentTypeText(t: T, type: string): string {
  const k = known(CONTENT_TYPES, type);
  return k ? t(`applications.contentType.${k}`) : titleCase(type);
}

/** Spec section 9: flat_fee is Flat fee, product is Product exchange, anything else Performance based. */
export function compensationTypeText(t: T, type: string): string {
  return t(`applications.compensationType.${known(COMPENSATION_TYPES, type) ?? 'performance'}`);
}

const rules = ruleMessages<Key>(applyMessages, 'applications.validation');

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
