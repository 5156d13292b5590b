import { describe, expect, test } from 'vitest';
import { hideReviewMessages, hideReviewSchema } from './hide-review-schema';
import { REVIEW_BODY_MAX, reviewMessages, reviewSchema } from './review-schema';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('reviewSchema', () => {
  test('takes 1 to 5 whole stars and a text of at most 2000 characters', () => {
    expect(reviewSchema.safeParse({ rating: 5, body: 'Great to work with.' }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 1, body: 'x'.repeat(REVIEW_BODY_MAX) }).success).toBe(true);
  });

  test('refuses no star, a star out of range or a fraction', () => {
    for (const rating of [0, 6, 3.5]) expect(messagesOf(reviewSchema.safeParse({ rating, body: 'ok' }))).toEqual([reviewMessages.ratingInvalid]);
  });

  test('refuses a blank or invisible text and one over 2000 characters (surrounding spaces do not count)', () => {
    expect(messagesOf(reviewSchema.safeParse({ rating: 4, body: ' \n\u200b ' }))).toEqual([reviewMessages.bodyRequired]);
    expect(messagesOf(reviewSchema.safeParse({ rating: 4, body: 'x'.repeat(REVIEW_BODY_MAX + 1) }))).toEqual([reviewMessages.bodyTooLong]);
    expect(reviewSchema.safeParse({ rating: 4, body: `  ${'x'.repeat(REVIEW_BODY_MAX)}  ` }).success).toBe(true);
  });
});

describe('hideReviewSchema', () => {
  test('needs a reason', () => {
    expect(messagesOf(hideReviewSchema.safeParse({ reason: '   ' }))).toEqual([hideReviewMessages.reasonRequired]);
    expect(hideReviewSchema.safeParse({ reason: 'Insults the creator' }).success).toBe(true);
  });
});
