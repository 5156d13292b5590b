import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** A delivered post found deleted or made private within its live period (api.removed_posts; decision 0055). */
export interface RemovedPost {
  deliverable_id: string;
  campaign_id: string;
  campaign_title: string;
  creator_id: string;
  creator_name: string | null;
  brand_id: string;
  brand_name: string | null;
  content_url: string;
  platform: string;
  published_at: string | null;
  live_until: string | null;
  removed_at: string;
  removed_as: 'deleted' | 'private' | null;
}

/** The newest 100 removals, newest first (the database orders and caps them). */
export const removedPostsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.removedPosts(), queryFn: () => rpc<RemovedPost[]>('removed_posts', { max_rows: 100 }) });

export const useRemovedPosts = () => useQuery(removedPostsQueryOptions());
