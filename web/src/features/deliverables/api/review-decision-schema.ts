import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';

/** The decision dialogs' rules; the messages are the database's English (it refuses the same), identifying each rule. */
export const reviewDecisionMessages = {
  feedbackRequired: 'Tell the creator what to change',
  reasonRequired: 'Tell the creator why you are rejecting this content',
  feedbackTooLong: 'Feedback must be 5000 characters or fewer',
} as const;

export const FEEDBACK_MAX = 5000;

/** Request changes needs feedback, reject a reason: text with something visible in it, at most 5000 characters. */
export function reviewDecisionSchema(decision: 'changes_requested' | 'rejected') {
  return z.object({
    feedback: z.string().check(
      z.refine(hasVisibleText, decision === 'rejected' ? reviewDecisionMessages.reasonRequired : reviewDecisionMessages.feedbackRequired),
      z.refine((v) => v.trim().length <= FEEDBACK_MAX, reviewDecisionMessages.feedbackTooLong),
    ),
  });
}
export type ReviewDecisionInput = z.infer<ReturnType<typeof reviewDecisionSchema>>;
