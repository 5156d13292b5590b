import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { PortfolioItem } from '../types';

/** api.creator_portfolio(id): the creator's approved content, newest approval first. */
export function getCreatorPortfolio(id: string): Promise<PortfolioItem[]> {
  return rpc<PortfolioItem[]>('creator_portfolio', { creator_id: id });
}

export const getCreatorPortfolioQueryOptions = (id: string) =>
  queryOptions({ queryKey: creatorKeys.portfolio(id), queryFn: () => getCreatorPortfolio(id) });

export function useCreatorPortfolio(id: string) {
  return useQuery(getCreatorPortfolioQueryOptions(id));
}
