import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { hideReviewMessages } from '../api/hide-review-schema';
import { reviewMessages } from '../api/review-schema';
import { hideReviewValidationText, partyRoleText, reviewErrorField, reviewErrorText, reviewValidationText } from './reviews-text';

// The catalogs as written (importing them gives Lingui's compiled form).
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const en = read('./en.json');
const es = read('./es.json');

const t = (key: string) => key;
/** An ApiError's shape (lib/supabase's class needs the app's configuration to load). */
const apiError = (message: string, code: string, details?: string) => ({ name: 'ApiError', message, code, details });

describe('review form rules', () => {
  test("the schema's messages are the English texts, each with its key", () => {
    expect(reviewValidationText(t, reviewMessages.ratingInvalid)).toBe('reviews.validation.ratingInvalid');
    expect(reviewValidationText(t, reviewMessages.bodyRequired)).toBe('reviews.validation.bodyRequired');
    expect(reviewValidationText(t, reviewMessages.bodyTooLong)).toBe('reviews.validation.bodyTooLong');
    expect(hideReviewValidationText(t, hideReviewMessages.reasonRequired)).toBe('reviews.hide.validation.reasonRequired');
    for (const [name, text] of Object.entries(reviewMessages)) expect(en[`reviews.validation.${name}`]).toBe(text);
    expect(en['reviews.hide.validation.reasonRequired']).toBe(hideReviewMessages.reasonRequired);
    expect(reviewValidationText(t, undefined)).toBeUndefined();
  });
});

describe('reviewErrorText', () => {
  test("says the database's reason by its code, never its sentence", () => {
    const cases: Array<[string, string, string]> = [
      ['Choose from 1 to 5 stars', '22023', 'rating_invalid'],
      ['Write a few words about how it went', '22023', 'body_required'],
      ['Reviews must be 2000 characters or fewer', '22023', 'body_too_long'],
      ['You already reviewed this hire', 'PT409', 'already_reviewed'],
      ['You can review once the hire is complete', 'PT409', 'hire_not_complete'],
      ['Only the brand and the creator of this hire can review it', '42501', 'not_party'],
      ['Say why this review is hidden', '22023', 'reason_required'],
      ['This review is already hidden', 'PT409', 'already_hidden'],
    ];
    for (const [message, code, details] of cases) {
      const key = reviewErrorText(t, apiError(message, code, details));
      expect(key).toBe(`reviews.error.${details}`);
      expect(es[key]).toBeTruthy();
      expect(es[key]).not.toBe(en[key]);
    }
  });

  test('field errors point at their field; the rest show under the form', () => {
    expect(reviewErrorField(apiError('x', '22023', 'rating_invalid'))).toBe('rating');
    expect(reviewErrorField(apiError('x', '22023', 'body_required'))).toBe('body');
    expect(reviewErrorField(apiError('x', '22023', 'body_too_long'))).toBe('body');
    expect(reviewErrorField(apiError('x', 'PT409', 'already_reviewed'))).toBeUndefined();
  });

  test('no answer is a network problem; anything else the generic message', () => {
    expect(reviewErrorText(t, new TypeError('Failed to fetch'))).toBe('reviews.error.network');
    expect(reviewErrorText(t, apiError('permission denied', '42501'))).toBe('reviews.error.unknown');
  });
});

describe('partyRoleText', () => {
  test('names both roles in Spanish; others show as stored', () => {
    expect(es[partyRoleText(t, 'brand')]).toBe('Marca');
    expect(es[partyRoleText(t, 'creator')]).toBe('Creador');
    expect(partyRoleText(t, 'admin')).toBe('admin');
  });
});
