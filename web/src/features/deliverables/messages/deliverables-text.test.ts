import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contentUrlMessages } from '../api/content-url-schema';
import { deliverableErrorText, deliverableStatusKey, validationText } from './deliverables-text';

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
    expect(deliverableErrorText(t, 'update', locked)).toBe('deliverables.error.approved');
    expect(deliverableErrorText(t, 'review', apiError('This content has already been approved', 'PT409', 'invalid_transition'))).toBe(
      'deliverables.error.review.reviewed',
    );
    expect(deliverableErrorText(t, 'review', apiError('Only the campaign owner can review content', '42501', 'not_owner'))).toBe(
      'deliverables.error.review.not_owner',
    );
  });

  test('no answer is a network problem; anything else the generic message', () => {
    expect(deliverableErrorText(t, 'delete', new TypeError('Failed to fetch'))).toBe('deliverables.error.network');
    expect(deliverableErrorText(t, 'delete', apiError('permission denied', '42501'))).toBe('deliverables.error.unknown');
  });

  test('every status has its label, translated in Spanish', () => {
    for (const s of ['pending', 'submitted', 'approved', 'rejected']) {
      const key = deliverableStatusKey(s)!;
      expect(es[key]).not.toBe(en[key]);
    }
    expect(deliverableStatusKey('archived')).toBeUndefined();
  });
});
