import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { creatorKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { discoverArgs, type DiscoverFilters, type DiscoverSort } from '../utils/discover-filters';
import type { CreatorCard } from '../types';

export const DISCOVER_PAGE_SIZE = 24;

/** The keyset cursor of api.discover_creators: the last card's (followers, id), or (verified_reach, id) in that sort. */
export type DiscoverCursor = { after_followers: number; after_id: string } | { after_reach: number; after_id: string };

/** The cursor after a card for the sort (a cursor of the other sort is refused by the api). */
export function cursorAfter(sort: DiscoverSort, card: Pick<CreatorCard, 'id' | 'followers' | 'verified_reach'>): DiscoverCursor {
  return sort === 'verified_reach'
    ? { after_reach: Number(card.verified_reach ?? 0), after_id: card.id }
    : { after_followers: card.followers, after_id: card.id };
}

/** One page of api.discover_creators for the filters, in the chosen order. Brands only (the api refuses others). */
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
      return last.length < DISCOVER_PAGE_SIZE || !tail ? undefined : cursorAfter(filters.sort, tail);
    },
  });
}

export function useDiscoverCreators(filters: DiscoverFilters) {
  return useInfiniteQuery(discoverCreatorsQueryOptions(filters));
}
