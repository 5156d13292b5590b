import type { MessageValues } from '@/i18n/use-t';
import { contentUrlMessages } from '../api/content-url-schema';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
/** The translate function of the deliverables catalog (useT(deliverablesCatalog).t). */
export type DeliverablesT = (key: Key, values?: MessageValues) => string;
type T = DeliverablesT;

const rules = ruleMessages<Key>(contentUrlMessages, 'deliverables.validation');

/** The content URL form's error in the reader's language (the schema keeps the spec's English texts). */
export function validationText(t: T, message: string | undefined): string | undefined {
  return rules.text(t, message);
}

export type DeliverableAction = 'submit' | 'update' | 'delete' | 'review';

/**
 * Why a deliverable call failed, in the reader's language, by the code the `api` function sends in
 * DETAIL (never its English sentence). The same code means different things to the creator editing
 * content and the brand reviewing it, hence the action.
 */
export function deliverableErrorText(t: T, action: DeliverableAction, error: unknown): string {
  const e = error as { details?: unknown; code?: unknown; message?: unknown } | null;
  switch (e?.details) {
    case 'content_url_required':
      return t('deliverables.validation.required');
    case 'content_url_invalid':
      return t('deliverables.validation.invalid');
    case 'not_owner':
      return t(action === 'review' ? 'deliverables.error.review.not_owner' : 'deliverables.error.not_owner');
    case 'invalid_transition':
      return t(action === 'review' ? 'deliverables.error.review.reviewed' : 'deliverables.error.approved');
    case 'hire_not_funded':
    case 'hire_closed':
    case 'not_creator':
    case 'application_not_found':
    case 'application_not_accepted':
    case 'deliverable_not_found':
    case 'feedback_too_long':
    case 'not_signed_in':
      return t(`deliverables.error.${e.details}`);
  }
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message ?? ''))) return t('deliverables.error.network');
  return t('deliverables.error.unknown');
}

const STATUSES = ['pending', 'submitted', 'approved', 'rejected'] as const;

/** A deliverable's review status by name; the database allows no other. */
export function deliverableStatusKey(status: string): Key | undefined {
  const known = STATUSES.find((s) => s === status);
  return known ? `deliverables.status.${known}` : undefined;
}

