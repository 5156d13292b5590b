import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';

export type GrowthWeek = ApiRow<'admin_growth_series'>;
export type MoneyMonth = ApiRow<'admin_money_series'>;

/** Under the admin family, so every admin mutation (which invalidates ['admin']) refreshes them too. */
export const useGrowthSeries = (days: number) =>
  useQuery(queryOptions({
    queryKey: adminKeys.growthSeries(days),
    queryFn: () => rpc<GrowthWeek[]>('admin_growth_series', { days }),
    placeholderData: keepPreviousData,
  }));

export const useMoneySeries = (days: number) =>
  useQuery(queryOptions({
    queryKey: adminKeys.moneySeries(days),
    queryFn: () => rpc<MoneyMonth[]>('admin_money_series', { days }),
    placeholderData: keepPreviousData,
  }));
