import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CampaignApplication } from '../types';

/** api.campaign_applications: a campaign's applications with their creators (its owner only). */
export function getCampaignApplications(campaignId: string): Promise<CampaignApplication[]> {
  return rpc<CampaignApplication[]>('campaign_applications', { campaign_id: campaignId });
}

export const getCampaignApplicationsQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: applicationKeys.ofCampaign(campaignId), queryFn: () => getCampaignApplications(campaignId) });

export function useCampaignApplications(campaignId: string) {
  return useQuery(getCampaignApplicationsQueryOptions(campaignId));
}
