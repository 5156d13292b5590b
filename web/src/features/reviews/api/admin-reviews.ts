import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignKeys, creatorDashboardKeys, creatorKeys, reviewKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { AdminReview } from '../types';

export const ADMIN_REVIEWS_PAGE_SIZE = 50;

/** api.admin_reviews: the latest reviews, newest first, published or not, hidden or not (admins only). */
export function getAdminReviews(): Promise<AdminReview[]> {
  return rpc<AdminReview[]>('admin_reviews', { page_size: ADMIN_REVIEWS_PAGE_SIZE });
}

export const adminReviewsQueryOptions = () => queryOptions({ queryKey: reviewKeys.admin(), queryFn: getAdminReviews });

export function useAdminReviews() {
  return useQuery(adminReviewsQueryOptions());
}

/** api.admin_hide_review: the review stays, marked hidden with the reason, and leaves every rating. */
export async function hideReview({ reviewId, reason }: { reviewId: string; reason: string }): Promise<void> {
  await rpc<null>('admin_hide_review', { review_id: reviewId, reason: reason.trim() });
}

/** api.admin_unhide_review: a hidden review is shown again and counts toward the rating again (admins only). */
export async function unhideReview({ reviewId }: { reviewId: string }): Promise<void> {
  await rpc<null>('admin_unhide_review', { review_id: reviewId });
}

interface ModerationOptions {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** Hides, then refreshes every review list and the ratings the hidden review no longer counts in. */
export function useHideReview(options: ModerationOptions = {}) {
  return useModeration(hideReview, options);
}

/** Unhides, then refreshes the same lists and ratings as hiding does. */
export function useUnhideReview(options: ModerationOptions = {}) {
  return useModeration(unhideReview, options);
}

function useModeration<Args>(mutationFn: (args: Args) => Promise<void>, options: ModerationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
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
