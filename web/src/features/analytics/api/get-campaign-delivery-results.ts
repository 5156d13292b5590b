import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandAnalyticsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { DeliveryResult } from '../types';

/**
 * api.campaign_delivery_results(campaign_id): one row per delivered post of the campaign, with its latest
 * metrics snapshot and the hire's cost per view and per engagement (decision 0055). Metrics the platform
 * does not give are null, and so is a cost per view with no views.
 */
export function getCampaignDeliveryResults(campaignId: string): Promise<DeliveryResult[]> {
  return rpc<DeliveryResult[]>('campaign_delivery_results', { campaign_id: campaignId });
}

export const getCampaignDeliveryResultsQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: brandAnalyticsKeys.deliveryResults(campaignId), queryFn: () => getCampaignDeliveryResults(campaignId) });

export function useCampaignDeliveryResults(campaignId: string | null) {
  return useQuery({ ...getCampaignDeliveryResultsQueryOptions(campaignId ?? ''), enabled: campaignId !== null });
}
