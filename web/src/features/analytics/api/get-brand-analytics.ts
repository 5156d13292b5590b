import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandAnalyticsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { AnalyticsTotals, BrandAnalytics, CampaignAnalytics } from '../types';
import { toRate } from '../utils/rate';

/**
 * api.brand_analytics() and api.brand_analytics_totals(), fetched together: the signed-in brand's figures.
 * The database refuses every other role (42501), so this is only called on the brand-only screen.
 */
export async function getBrandAnalytics(): Promise<BrandAnalytics> {
  const [campaigns, totals] = await Promise.all([
    rpc<CampaignAnalytics[]>('brand_analytics'),
    rpc<AnalyticsTotals[]>('brand_analytics_totals'),
  ]);
  const total = totals[0];
  if (!total) throw new Error('Analytics totals are missing');
  return {
    campaigns: campaigns.map((c) => ({ ...c, acceptance_rate: toRate(c.acceptance_rate) })),
    totals: { ...total, acceptance_rate: toRate(total.acceptance_rate) },
  };
}

export const getBrandAnalyticsQueryOptions = () => queryOptions({ queryKey: brandAnalyticsKeys.all, queryFn: getBrandAnalytics });

export function useBrandAnalytics() {
  return useQuery(getBrandAnalyticsQueryOptions());
}
