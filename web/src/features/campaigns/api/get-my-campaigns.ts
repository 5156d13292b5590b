import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { BrandCampaign } from '../types';

/** api.my_campaigns: the signed-in brand's campaigns, newest first, with real application counts. */
export function getMyCampaigns(): Promise<BrandCampaign[]> {
  return rpc<BrandCampaign[]>('my_campaigns');
}

export const getMyCampaignsQueryOptions = () => queryOptions({ queryKey: campaignKeys.mine(), queryFn: getMyCampaigns });

export function useMyCampaigns() {
  return useQuery(getMyCampaignsQueryOptions());
}
