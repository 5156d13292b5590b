import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { creatorKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { discoverArgs, type DiscoverFilters } from '../utils/discover-filters';
import type { CreatorCard } from '../types';

export const DISCOVER_PAGE_SIZE = 24;

/** The keyset cursor of api.discover_creators: the last card's (followers, id). */
export interface DiscoverCursor {
  after_followers: number;
  after_id: string;
}

/** One page of api.discover_creators for the filters, most followed first. Brands only (the api refuses others). */
export function discoverCreators(filters: DiscoverFilters, cursor: DiscoverCursor | null): Promise<CreatorCard[]> {
  return rpc<CreatorCard[]>('discover_creators', { ...discoverArgs(filters), ...cursor, page_size: DISCOVER_PAGE_SIZE });
}

export function discoverCreatorsQueryOptions(filters: DiscoverFilters) {
  return infiniteQueryOptions({
    queryKey: creatorKeys.discover(discoverArgs(filters)),
    queryFn: ({ pageParam }) => discoverCreators(filters, pageParam),
    initialPageParam: null as DiscoverCursor | null,
    // A short page is the last one; otherwise continue after its last card.
    getNextPageParam: (last) => {
      const tail = last.at(-1);
      return last.length < DISCOVER_PAGE_SIZE || !tail ? undefined : { after_followers: tail.followers, after_id: tail.id };
    },
  });
}

export function useDiscoverCreators(filters: DiscoverFilters) {
  return useInfiniteQuery(discoverCreatorsQueryOptions(filters));
}
