import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { isUuid } from '@contract/ids';
import type { CampaignDetail } from '../types';

/**
 * api.campaign_detail: the campaign with its brand, stats and the caller's application; null when it does
 * not exist or the caller may not see it (a draft of another brand). /campaigns/{id} matches any word
 * (/campaigns/new, a truncated link): one that is not a uuid is a missing campaign, asked of no one.
 */
export async function getCampaign(id: string): Promise<CampaignDetail | null> {
  if (!isUuid(id)) return null;
  const rows = await rpc<CampaignDetail[] | CampaignDetail | null>('campaign_detail', { campaign_id: id });
  return Array.isArray(rows) ? (rows[0] ?? null) : rows;
}

export const getCampaignQueryOptions = (id: string) => queryOptions({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });

export function useCampaign(id: string) {
  return useQuery(getCampaignQueryOptions(id));
}
