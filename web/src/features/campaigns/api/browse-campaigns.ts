import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { BrowseCampaignsArgs, CampaignListItem } from '@/types/api';
import type { BrowseFilters } from '../types';
import { readBrowseParams } from '../utils/browse-params';

/** Rows per page of the browse screen. */
export const BROWSE_PAGE_SIZE = 20;

/**
 * api.browse_campaigns: active campaigns, newest first, filtered by keyword, content type and platform;
 * the next page starts after the last row's (created_at, id).
 */
export function browseCampaigns(args: BrowseCampaignsArgs): Promise<CampaignListItem[]> {
  return rpc<CampaignListItem[]>('browse_campaigns', {
    keyword: args.keyword || null,
    content_type: args.content_type || null,
    platform: args.platform || null,
    after_created_at: args.after_created_at ?? null,
    after_id: args.after_id ?? null,
    page_size: args.page_size ?? BROWSE_PAGE_SIZE,
  });
}

export const browseCampaignsQueryOptions = (args: BrowseCampaignsArgs) =>
  queryOptions({ queryKey: campaignKeys.browse(args), queryFn: () => browseCampaigns(args) });

/** One page of browse results (for short lists such as the creator dashboard's first three). */
export function useBrowseCampaigns(args: BrowseCampaignsArgs) {
  return useQuery(browseCampaignsQueryOptions(args));
}

type Cursor = { after_created_at: string; after_id: string } | null;

function filterArgs(filters: BrowseFilters): BrowseCampaignsArgs {
  return {
    keyword: filters.keyword.trim() || null,
    content_type: (filters.contentType || null) as BrowseCampaignsArgs['content_type'],
    platform: (filters.platform || null) as BrowseCampaignsArgs['platform'],
  };
}

/** Every page of the browse screen for one set of filters, fetched as the list scrolls (keyset cursor). */
export const browseCampaignPagesQueryOptions = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: campaignKeys.browsePages(filters),
    queryFn: ({ pageParam }: { pageParam: Cursor }) => browseCampaigns({ ...filterArgs(filters), ...pageParam, page_size: BROWSE_PAGE_SIZE }),
    initialPageParam: null as Cursor,
    // A short page is the last one; otherwise continue after its last row.
    getNextPageParam: (last) => {
      const tail = last[last.length - 1];
      return last.length < BROWSE_PAGE_SIZE || !tail ? undefined : { after_created_at: tail.created_at, after_id: tail.id };
    },
  });

export function useBrowseCampaignPages(filters: BrowseFilters) {
  return useInfiniteQuery(browseCampaignPagesQueryOptions(filters));
}

/** api.browse_campaigns_count: how many campaigns the same filters match in all (for 'Showing N campaign(s)'). */
export function countBrowseCampaigns(filters: BrowseFilters): Promise<number> {
  const args = filterArgs(filters);
  return rpc<number>('browse_campaigns_count', { keyword: args.keyword, content_type: args.content_type, platform: args.platform });
}

export const browseCampaignsCountQueryOptions = (filters: BrowseFilters) =>
  queryOptions({ queryKey: campaignKeys.browseCount(filters), queryFn: () => countBrowseCampaigns(filters), placeholderData: keepPreviousData });

export function useBrowseCampaignsCount(filters: BrowseFilters) {
  return useQuery(browseCampaignsCountQueryOptions(filters));
}

/**
 * Starts the browse screen's reads (the first page and the count) for the filters in `params`, the URL's
 * search params. For the route's loader: the reads then run alongside the session and profile reads,
 * instead of after the signed-in shell has rendered. Fresh data is not read again; errors are left for
 * the screen's own queries to show.
 */
export function prefetchBrowseCampaigns(queryClient: QueryClient, params: URLSearchParams): void {
  const filters = readBrowseParams(params);
  void queryClient.prefetchInfiniteQuery(browseCampaignPagesQueryOptions(filters));
  void queryClient.prefetchQuery(browseCampaignsCountQueryOptions(filters));
}
