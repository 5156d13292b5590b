import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, brandDashboardKeys, deliverableKeys, paymentKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

export type ReviewDecision = 'approved' | 'rejected';

/** api.review_deliverable: the campaign owner approves or rejects content, with optional feedback. */
export async function reviewDeliverable({ deliverableId, status, feedback }: { deliverableId: string; status: ReviewDecision; feedback: string }): Promise<void> {
  await rpc<null>('review_deliverable', { deliverable_id: deliverableId, status, feedback: feedback.trim() || null });
}

/**
 * Reviews, then refreshes the application's content, the brand's figures (content delivered) and, as
 * approving a funded hire's content releases its money, the hires and payments.
 */
export function useReviewDeliverable(applicationId: string, options: { onSuccess?: (status: ReviewDecision) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDeliverable,
    onSuccess: async (_data, { status }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deliverableKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: brandDashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      ]);
      options.onSuccess?.(status);
    },
    onError: options.onError,
  });
}
