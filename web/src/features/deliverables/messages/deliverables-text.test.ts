import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contentUrlMessages } from '@contract/content-url';
import { resubmitMessages } from '../api/resubmit-schema';
import { reviewDecisionMessages } from '../api/review-decision-schema';
import { deliverableErrorField, deliverableErrorText, draftErrorText, proofOutcomeKey, roundDecisionKey, snapshotCheckpointKey, validationText } from './deliverables-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

const t = (key: string) => key;
/** An ApiError's shape (lib/supabase's class needs the app's configuration to load). */
const apiError = (message: string, code: string, details?: string) => ({ name: 'ApiError', message, code, details });

describe('validationText', () => {
  test("the schema's messages are the English texts, each with its key", () => {
    expect(validationText(t, contentUrlMessages.required)).toBe('deliverables.validation.required');
    expect(validationText(t, contentUrlMessages.invalid)).toBe('deliverables.validation.invalid');
    expect(en['deliverables.validation.required']).toBe(contentUrlMessages.required);
    expect(en['deliverables.validation.invalid']).toBe(contentUrlMessages.invalid);
    expect(validationText(t, undefined)).toBeUndefined();
  });

  test("the decision dialogs' and the resubmission's rules each have their key, with the database's English", () => {
    for (const [rule, message] of Object.entries(reviewDecisionMessages)) {
      expect(validationText(t, message)).toBe(`deliverables.decision.validation.${rule}`);
      expect(en[`deliverables.decision.validation.${rule}`]).toBe(message);
      expect(es[`deliverables.decision.validation.${rule}`]).not.toBe(message);
    }
    for (const [rule, message] of Object.entries(resubmitMessages)) {
      expect(validationText(t, message)).toBe(`deliverables.resubmit.validation.${rule}`);
      expect(en[`deliverables.resubmit.validation.${rule}`]).toBe(message);
      expect(es[`deliverables.resubmit.validation.${rule}`]).not.toBe(message);
    }
  });
});

describe('deliverableErrorText', () => {
  test("says the database's reason by its code, never its sentence", () => {
    const notAccepted = apiError('You can submit content once your application is accepted.', 'PT409', 'application_not_accepted');
    expect(deliverableErrorText(t, 'submit', notAccepted)).toBe('deliverables.error.application_not_accepted');
    expect(deliverableErrorText(t, 'submit', apiError('Please enter a URL to your content.', '22023', 'content_url_required'))).toBe(
      'deliverables.validation.required',
    );
  });

  test('the same code reads differently for the creator and for the reviewing brand', () => {
    const locked = apiError('Approved content cannot be changed', 'PT409', 'invalid_transition');
    expect(deliverableErrorText(t, 'update', locked)).toBe('deliverables.error.final');
    expect(deliverableErrorText(t, 'review', apiError('This content has already been approved', 'PT409', 'invalid_transition'))).toBe(
      'deliverables.error.review.reviewed',
    );
    expect(deliverableErrorText(t, 'review', apiError('Only the campaign owner can review content', '42501', 'not_owner'))).toBe(
      'deliverables.error.review.not_owner',
    );
  });

  test('the revision codes have their own texts, and those about a field point at it', () => {
    for (const code of ['feedback_required', 'reason_required', 'revision_rounds_used', 'dispute_open', 'not_awaiting_changes', 'not_awaiting_review']) {
      const key = deliverableErrorText(t, 'review', apiError('English from SQL', 'PT409', code));
      expect(key).toBe(`deliverables.error.${code}`);
      expect(es[key]).toBeTruthy();
      expect(es[key]).not.toBe(en[key]);
    }
    expect(deliverableErrorText(t, 'resubmit', apiError('Add a note', '22023', 'note_required'))).toBe('deliverables.resubmit.validation.noteRequired');
    expect(deliverableErrorText(t, 'resubmit', apiError('Too long', '22023', 'note_too_long'))).toBe('deliverables.resubmit.validation.noteTooLong');
    expect(deliverableErrorField(apiError('x', '22023', 'reason_required'))).toBe('feedback');
    expect(deliverableErrorField(apiError('x', '22023', 'note_required'))).toBe('note');
    expect(deliverableErrorField(apiError('x', '22023', 'content_url_invalid'))).toBe('contentUrl');
    expect(deliverableErrorField(apiError('x', 'PT409', 'revision_rounds_used'))).toBeUndefined();
  });

  test('no answer is a network problem; anything else the generic message', () => {
    expect(deliverableErrorText(t, 'delete', new TypeError('Failed to fetch'))).toBe('deliverables.error.network');
    expect(deliverableErrorText(t, 'delete', apiError('permission denied', '42501'))).toBe('deliverables.error.unknown');
  });

  test("every round decision has its label; one the catalog does not know reads 'Reviewed'", () => {
    expect(en[roundDecisionKey('auto_approved')]).toBe('Approved automatically by the platform');
    for (const d of ['changes_requested', 'approved', 'auto_approved', 'rejected']) expect(es[roundDecisionKey(d)]).not.toBe(en[roundDecisionKey(d)]);
    expect(roundDecisionKey('escalated')).toBe('deliverables.round.decision.other');
  });
});

describe('draftErrorText', () => {
  const tv = (key: string, values?: Record<string, string | number>) => (values ? `${key} ${JSON.stringify(values)}` : key);
  test('each code the draft functions send has its words, in every catalog', () => {
    const pt = read('./pt.json');
    for (const code of ['draft_not_approved', 'draft_awaiting_review', 'draft_already_approved', 'draft_file_reused', 'draft_not_uploaded', 'draft_not_found', 'not_owner', 'invalid_transition']) {
      expect(draftErrorText(tv, apiError('x', 'PT409', code))).toBe(`deliverables.drafts.error.${code}`);
      for (const catalog of [en, es, pt]) expect(catalog[`deliverables.drafts.error.${code}`], code).toBeTruthy();
    }
    expect(draftErrorText(tv, apiError('x', '22023', 'note_required'))).toBe('deliverables.drafts.noteRequired');
    expect(draftErrorText(tv, apiError('x', 'PT409', 'hire_not_funded'))).toBe('deliverables.error.hire_not_funded');
  });
  test("Storage's refusal of the upload is told with its own words; a lost connection as such", () => {
    expect(draftErrorText(tv, { name: 'DraftUploadRefused', message: 'Maximum size exceeded', status: 413 })).toBe(
      'deliverables.drafts.error.storage {"reason":"Maximum size exceeded"}',
    );
    expect(draftErrorText(tv, new TypeError('Failed to fetch'))).toBe('deliverables.error.network');
    expect(draftErrorText(tv, new Error('what'))).toBe('deliverables.error.unknown');
  });
});

describe('proof of delivery texts', () => {
  test('every outcome of app.delivery_checks has its badge; an unknown one reads as still being checked', () => {
    for (const outcome of ['pending', 'verified', 'not_owner', 'published_before_hire', 'missing_disclosure', 'no_connected_account', 'post_not_found', 'platform_unavailable']) {
      expect(proofOutcomeKey(outcome)).toBe(`deliverables.proof.outcome.${outcome}`);
      expect(en[`deliverables.proof.outcome.${outcome}`]).toBeTruthy();
    }
    expect(proofOutcomeKey('something_new')).toBe('deliverables.proof.outcome.pending');
  });

  test('each checkpoint has its label', () => {
    expect(['24h', '7d', '30d'].map(snapshotCheckpointKey)).toEqual(['deliverables.proof.checkpoint.24h', 'deliverables.proof.checkpoint.7d', 'deliverables.proof.checkpoint.30d']);
    expect(es['deliverables.proof.checkpoint.7d']).toBe('A los 7 días');
  });
});
