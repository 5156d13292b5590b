import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { brandAnalyticsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';

/** The charts' filters: the range in days (30, 90 or 365) and one campaign or all (null). */
export interface SeriesFilter {
  days: number;
  campaignId: string | null;
}

export type ActivityWeek = ApiRow<'brand_activity_series'>;
export type SpendMonth = ApiRow<'brand_spend_series'>;
export type FunnelRow = ApiRow<'brand_funnel'>;

const args = (f: SeriesFilter) => ({ days: f.days, campaign_id: f.campaignId });

/**
 * The three series of /analytics, under the analytics key so whatever refreshes the figures refreshes
 * them too. The previous answer stays on screen while a new filter loads, so the cards do not jump.
 */
const series = <T>(name: 'brand_activity_series' | 'brand_spend_series' | 'brand_funnel', f: SeriesFilter) =>
  queryOptions({
    queryKey: brandAnalyticsKeys.series(name, f.days, f.campaignId),
    queryFn: () => rpc<T[]>(name, args(f)),
    placeholderData: keepPreviousData,
  });

export const useActivitySeries = (f: SeriesFilter) => useQuery(series<ActivityWeek>('brand_activity_series', f));
export const useSpendSeries = (f: SeriesFilter) => useQuery(series<SpendMonth>('brand_spend_series', f));
export const useFunnel = (f: SeriesFilter) => useQuery(series<FunnelRow>('brand_funnel', f));
