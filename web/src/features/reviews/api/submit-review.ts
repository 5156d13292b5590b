import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, campaignKeys, creatorDashboardKeys, creatorKeys, reviewKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

export interface SubmitReviewInput {
  applicationId: string;
  rating: number;
  body: string;
}

/** api.submit_review: the brand or the creator of a completed hire reviews the other, once. */
export async function submitReview({ applicationId, rating, body }: SubmitReviewInput): Promise<string> {
  return rpc<string>('submit_review', { application_id: applicationId, rating, body: body.trim() });
}

/**
 * Submits, then refreshes the hire's reviews and history and, as a second review publishes both, every
 * review list and rating the app shows (creator cards and profiles, the creator's dashboard, a brand's
 * rating on its campaign pages).
 */
export function useSubmitReview(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReview,
    onSuccess: async (_id, { applicationId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
        queryClient.invalidateQueries({ queryKey: creatorDashboardKeys.all }),
        // A brand's rating shows on its campaigns' pages.
        queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
      ]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
