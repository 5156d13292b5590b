import { ruleMessages } from '@/i18n/rule-messages';
import type { MessageValues } from '@/i18n/use-t';
import { hideReviewMessages } from '../api/hide-review-schema';
import { reviewMessages } from '../api/review-schema';
import type en from './en.json';

type Key = keyof typeof en;
/** The translate function of the reviews catalog (useT(reviewsCatalog).t). */
export type ReviewsT = (key: Key, values?: MessageValues) => string;
type T = ReviewsT;

const reviewRules = ruleMessages<Key>(reviewMessages, 'reviews.validation');
const hideRules = ruleMessages<Key>(hideReviewMessages, 'reviews.hide.validation');

/** A review form's error in the reader's language: the schema's English message identifies the rule. */
export function reviewValidationText(t: T, message: string | undefined): string | undefined {
  return reviewRules.text(t, message);
}

/** The hide dialog's reason error in the reader's language. */
export function hideReviewValidationText(t: T, message: string | undefined): string | undefined {
  return hideRules.text(t, message);
}

/** The codes api.submit_review, api.hire_reviews, api.admin_reviews, api.admin_hide_review and api.admin_unhide_review send in DETAIL. */
const ERROR_CODES = [
  'rating_invalid',
  'body_required',
  'body_too_long',
  'already_reviewed',
  'hire_not_complete',
  'not_party',
  'reason_required',
  'reason_too_long',
  'already_hidden',
  'not_hidden',
  'review_not_found',
  'application_not_found',
  'not_admin',
  'not_signed_in',
] as const;
export type ReviewErrorCode = (typeof ERROR_CODES)[number];

/** The `api` code of a failed call, when it is one this feature knows. */
export function reviewErrorCode(error: unknown): ReviewErrorCode | undefined {
  const details = (error as { details?: unknown } | null)?.details;
  return ERROR_CODES.find((c) => c === details);
}

/** The form field a refused review points at, so the message shows next to it. */
export function reviewErrorField(error: unknown): 'rating' | 'body' | undefined {
  const code = reviewErrorCode(error);
  if (code === 'rating_invalid') return 'rating';
  if (code === 'body_required' || code === 'body_too_long') return 'body';
  return undefined;
}

/** Why a reviews call failed, in the reader's language: by the `api` code, never its English sentence. */
export function reviewErrorText(t: T, error: unknown): string {
  const code = reviewErrorCode(error);
  if (code) return t(`reviews.error.${code}`);
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(message)) return t('reviews.error.network');
  return t('reviews.error.unknown');
}

/** "Brand" or "Creator"; a role the catalog does not know is shown as stored. */
export function partyRoleText(t: T, role: string): string {
  if (role === 'brand' || role === 'creator') return t(`reviews.role.${role}`);
  return role;
}
