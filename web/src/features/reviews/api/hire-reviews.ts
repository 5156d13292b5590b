import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { HireReviews } from '../types';

/** api.hire_reviews: the caller's side of a hire's reviews (exactly one row for a party, PT404 otherwise). */
export async function getHireReviews(applicationId: string): Promise<HireReviews | null> {
  const rows = await rpc<HireReviews[]>('hire_reviews', { application_id: applicationId });
  return rows[0] ?? null;
}

export const hireReviewsQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: reviewKeys.hire(applicationId), queryFn: () => getHireReviews(applicationId) });

export function useHireReviews(applicationId: string) {
  return useQuery(hireReviewsQueryOptions(applicationId));
}
