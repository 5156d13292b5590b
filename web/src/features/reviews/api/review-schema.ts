import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';

/** The review rules' messages: api.submit_review's English (it refuses the same), identifying each rule. */
export const reviewMessages = {
  ratingInvalid: 'Choose from 1 to 5 stars',
  bodyRequired: 'Write a few words about how it went',
  bodyTooLong: 'Reviews must be 2000 characters or fewer',
} as const;

export const REVIEW_BODY_MAX = 2000;
export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** rating is 0 until a star is chosen (radio inputs have no empty value of their own). */
export const reviewSchema = z.object({
  rating: z.number().check(z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, reviewMessages.ratingInvalid)),
  body: z.string().check(
    z.refine(hasVisibleText, reviewMessages.bodyRequired),
    z.refine((v) => v.trim().length <= REVIEW_BODY_MAX, reviewMessages.bodyTooLong),
  ),
});
export type ReviewInput = z.infer<typeof reviewSchema>;
