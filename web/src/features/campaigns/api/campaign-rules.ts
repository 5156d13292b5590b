import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRulesKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { DEFAULT_PUBLISH_RULES, type PublishRules } from './campaign-schema';

interface CampaignRulesRow {
  fee_bps: number;
  minimum_net_cents: number;
  minimum_flat_fee_cents: number;
}

/**
 * api.campaign_rules: the smallest flat fee a published campaign may offer at the platform's fee now,
 * and what it leaves the creator. Kept apart from the campaign lists' keys: a campaign saved does not
 * change it.
 */
export async function getCampaignRules(): Promise<PublishRules> {
  const rows = await rpc<CampaignRulesRow[] | CampaignRulesRow | null>('campaign_rules');
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row) return DEFAULT_PUBLISH_RULES;
  return { minimumFlatFeeCents: Number(row.minimum_flat_fee_cents), minimumNetCents: Number(row.minimum_net_cents) };
}

export const campaignRulesQueryOptions = () => queryOptions({ queryKey: campaignRulesKeys.all, queryFn: getCampaignRules });

export function useCampaignRules() {
  return useQuery(campaignRulesQueryOptions());
}
