import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { UserReview } from '../types';

export const USER_REVIEWS_PAGE_SIZE = 20;

/** One page of api.user_reviews, newest first: the reviews written before `before` (null: the newest). */
export function getUserReviews(userId: string, before: string | null): Promise<UserReview[]> {
  return rpc<UserReview[]>('user_reviews', { user_id: userId, before, page_size: USER_REVIEWS_PAGE_SIZE });
}

export const userReviewsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.ofUser(userId),
    queryFn: ({ pageParam }) => getUserReviews(userId, pageParam),
    initialPageParam: null as string | null,
    // A short page is the last one; otherwise continue before its last review.
    getNextPageParam: (last) => (last.length < USER_REVIEWS_PAGE_SIZE ? undefined : (last.at(-1)?.created_at ?? undefined)),
  });

export function useUserReviews(userId: string) {
  return useInfiniteQuery(userReviewsQueryOptions(userId));
}
