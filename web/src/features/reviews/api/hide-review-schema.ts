import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';

/** The hide reason's rules: api.admin_hide_review's English messages (it refuses the same). */
export const hideReviewMessages = {
  reasonRequired: 'Say why this review is hidden',
  reasonTooLong: 'The reason must be 1000 characters or fewer',
} as const;

export const HIDE_REASON_MAX = 1000;

export const hideReviewSchema = z.object({
  reason: z.string().check(
    z.refine(hasVisibleText, hideReviewMessages.reasonRequired),
    z.refine((v) => v.trim().length <= HIDE_REASON_MAX, hideReviewMessages.reasonTooLong),
  ),
});
export type HideReviewInput = z.infer<typeof hideReviewSchema>;
