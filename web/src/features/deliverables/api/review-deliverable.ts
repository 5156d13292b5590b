import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import { invalidateAfterReview } from './invalidate';

export type ReviewDecision = 'approved' | 'changes_requested' | 'rejected';

/**
 * api.review_deliverable: the campaign owner decides on content awaiting review. Feedback is optional to
 * approve and required to request changes or reject (the database refuses it blank).
 */
export async function reviewDeliverable({ deliverableId, status, feedback }: { deliverableId: string; status: ReviewDecision; feedback: string }): Promise<void> {
  await rpc<null>('review_deliverable', { deliverable_id: deliverableId, status, feedback: feedback.trim() || null });
}

/** Reviews, then refreshes everything the decision changes (see invalidateAfterReview). */
export function useReviewDeliverable(applicationId: string, options: { onSuccess?: (status: ReviewDecision) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDeliverable,
    onSuccess: async (_data, { status }) => {
      await invalidateAfterReview(queryClient, applicationId);
      options.onSuccess?.(status);
    },
    onError: options.onError,
  });
}
