import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import type { BrandDashboard } from '@/types/api';

/** api.brand_dashboard(): the signed-in brand's figures. */
export function getBrandDashboard(): Promise<BrandDashboard> {
  return rpc<BrandDashboard>('brand_dashboard');
}

export const getBrandDashboardQueryOptions = () => queryOptions({ queryKey: ['brand-dashboard'], queryFn: getBrandDashboard });

export function useBrandDashboard() {
  return useQuery(getBrandDashboardQueryOptions());
}
