import type { MessageValues } from '@/i18n/use-t';
import { contentUrlMessages } from '@contract/content-url';
import { resubmitMessages } from '../api/resubmit-schema';
import { reviewDecisionMessages } from '../api/review-decision-schema';
import type en from './en.json';
import { ruleMessages } from '@/i18n/rule-messages';

type Key = keyof typeof en;
/** The translate function of the deliverables catalog (useT(deliverablesCatalog).t). */
export type DeliverablesT = (key: Key, values?: MessageValues) => string;
type T = DeliverablesT;

const rules = ruleMessages<Key>(contentUrlMessages, 'deliverables.validation');
const decisionRules = ruleMessages<Key>(reviewDecisionMessages, 'deliverables.decision.validation');
const resubmitRules = ruleMessages<Key>(resubmitMessages, 'deliverables.resubmit.validation');

/** A form's error in the reader's language (the schemas keep the database's English texts as identifiers). */
export function validationText(t: T, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = rules.keyOf(message) ?? decisionRules.keyOf(message) ?? resubmitRules.keyOf(message);
  return key ? t(key) : message;
}

export type DeliverableAction = 'submit' | 'update' | 'delete' | 'review' | 'resubmit';

/** The codes whose text reads the same whoever acts: `deliverables.error.<code>`. */
const PLAIN_CODES = [
  'hire_not_funded',
  'hire_closed',
  'not_creator',
  'application_not_found',
  'application_not_accepted',
  'deliverable_not_found',
  'feedback_too_long',
  'not_signed_in',
  'feedback_required',
  'reason_required',
  'revision_rounds_used',
  'dispute_open',
  'not_awaiting_changes',
  'not_awaiting_review',
] as const;

/**
 * Why a deliverable call failed, in the reader's language, by the code the `api` function sends in
 * DETAIL (never its English sentence). The same code means different things to the creator editing
 * content and the brand reviewing it, hence the action.
 */
export function deliverableErrorText(t: T, action: DeliverableAction, error: unknown): string {
  const e = error as { details?: unknown; code?: unknown; message?: unknown } | null;
  const plain = PLAIN_CODES.find((c) => c === e?.details);
  if (plain) return t(`deliverables.error.${plain}`);
  switch (e?.details) {
    case 'content_url_required':
      return t('deliverables.validation.required');
    case 'content_url_invalid':
      return t('deliverables.validation.invalid');
    case 'note_required':
      return t('deliverables.resubmit.validation.noteRequired');
    case 'note_too_long':
      return t('deliverables.resubmit.validation.noteTooLong');
    case 'not_owner':
      return t(action === 'review' ? 'deliverables.error.review.not_owner' : 'deliverables.error.not_owner');
    case 'invalid_transition':
      return t(action === 'review' ? 'deliverables.error.review.reviewed' : 'deliverables.error.final');
  }
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message ?? ''))) return t('deliverables.error.network');
  return t('deliverables.error.unknown');
}

/** The form field a refused call points at, so its text shows next to that field rather than in a toast. */
export function deliverableErrorField(error: unknown): 'feedback' | 'contentUrl' | 'note' | undefined {
  switch ((error as { details?: unknown } | null)?.details) {
    case 'feedback_required':
    case 'reason_required':
    case 'feedback_too_long':
      return 'feedback';
    case 'content_url_required':
    case 'content_url_invalid':
      return 'contentUrl';
    case 'note_required':
    case 'note_too_long':
      return 'note';
  }
  return undefined;
}


const DECISIONS = ['changes_requested', 'approved', 'auto_approved', 'rejected'] as const;

/** A round's decision by name; a decision the catalog does not know reads "Reviewed". */
export function roundDecisionKey(decision: string): Key {
  const known = DECISIONS.find((d) => d === decision);
  return known ? `deliverables.round.decision.${known}` : 'deliverables.round.decision.other';
}

const DRAFT_CODES = [
  'draft_not_approved',
  'draft_awaiting_review',
  'draft_already_approved',
  'draft_file_reused',
  'draft_not_uploaded',
  'draft_not_found',
  'not_owner',
  'invalid_transition',
] as const;

/** Why a draft call failed (upload, register, review), in the reader's language, by the code in DETAIL. */
export function draftErrorText(t: T, error: unknown): string {
  const e = error as { details?: unknown; message?: unknown; status?: unknown; name?: unknown } | null;
  const code = DRAFT_CODES.find((c) => c === e?.details);
  if (code) return t(`deliverables.drafts.error.${code}`);
  if (e?.details === 'note_required') return t('deliverables.drafts.noteRequired');
  if (e?.details === 'hire_not_funded' || e?.details === 'hire_closed') return t(`deliverables.error.${e.details}`);
  // Storage's refusal of the upload itself (type, size, rights): its own words, with the status.
  if (e?.name === 'DraftUploadRefused' && typeof e.status === 'number' && e.status > 0) return t('deliverables.drafts.error.storage', { reason: String(e.message) });
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed|connection/i.test(String(e?.message ?? ''))) return t('deliverables.error.network');
  return t('deliverables.error.unknown');
}

const PROOF_OUTCOMES = ['pending', 'verified', 'not_owner', 'published_before_hire', 'missing_disclosure', 'no_connected_account', 'post_not_found', 'platform_unavailable'] as const;

/** A delivery check's outcome by name (decision 0055); one the catalog does not know reads as still being checked. */
export function proofOutcomeKey(outcome: string): Key {
  const known = PROOF_OUTCOMES.find((o) => o === outcome);
  return `deliverables.proof.outcome.${known ?? 'pending'}`;
}

/** A metrics checkpoint by name: 24 h, 7 d or 30 d after the post was published. */
export function snapshotCheckpointKey(checkpoint: string): Key {
  return checkpoint === '24h' || checkpoint === '7d' ? `deliverables.proof.checkpoint.${checkpoint}` : 'deliverables.proof.checkpoint.30d';
}
