import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandDashboardKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { BrandDashboard } from '@/types/api';

/** api.brand_dashboard(): the signed-in brand's figures. */
export function getBrandDashboard(): Promise<BrandDashboard> {
  return rpc<BrandDashboard>('brand_dashboard');
}

export const getBrandDashboardQueryOptions = () => queryOptions({ queryKey: brandDashboardKeys.all, queryFn: getBrandDashboard });

export function useBrandDashboard() {
  return useQuery(getBrandDashboardQueryOptions());
}
