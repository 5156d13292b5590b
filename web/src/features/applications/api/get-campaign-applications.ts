import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';
import type { CampaignApplication } from '../types';
import { parseHire } from '@contract/hire';

/** api.campaign_applications: a campaign's applications with their creators and hires (its owner only). */
export async function getCampaignApplications(campaignId: string): Promise<CampaignApplication[]> {
  const rows = await rpc<ApiRow<'campaign_applications'>[]>('campaign_applications', { campaign_id: campaignId });
  return rows.map((row) => ({
    ...row,
    creator: row.creator as CampaignApplication['creator'],
    cancel_reason: row.cancel_reason ?? null,
    job_state: row.job_state ?? 'applied',
    hire: parseHire(row.hire),
  }));
}

export const getCampaignApplicationsQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: applicationKeys.ofCampaign(campaignId), queryFn: () => getCampaignApplications(campaignId) });

export function useCampaignApplications(campaignId: string) {
  return useQuery(getCampaignApplicationsQueryOptions(campaignId));
}
