import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { RecommendedCreator } from '../types';

/** How many creators the brand dashboard recommends (spec section 9). */
export const RECOMMENDED_CREATORS = 4;

/** The first creators of api.discover_creators (most followed first), for the brand dashboard. */
export function getRecommendedCreators(): Promise<RecommendedCreator[]> {
  return rpc<RecommendedCreator[]>('discover_creators', { page_size: RECOMMENDED_CREATORS });
}

export const getRecommendedCreatorsQueryOptions = () =>
  queryOptions({ queryKey: creatorKeys.recommended(), queryFn: getRecommendedCreators });

export function useRecommendedCreators() {
  return useQuery(getRecommendedCreatorsQueryOptions());
}
