import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';

/** The reason rules' messages: the payments function's English (it refuses the same), identifying each rule. */
export const cancelHireMessages = {
  reasonRequired: 'Tell the creator why you are canceling this hire',
  reasonTooLong: 'The reason must be 1000 characters or fewer',
} as const;

export const REASON_MAX = 1000;

export const cancelHireSchema = z.object({
  reason: z.string().check(
    z.refine(hasVisibleText, cancelHireMessages.reasonRequired),
    z.refine((v) => v.trim().length <= REASON_MAX, cancelHireMessages.reasonTooLong),
  ),
});
export type CancelHireInput = z.infer<typeof cancelHireSchema>;
