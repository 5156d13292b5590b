import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import type { BrowseCampaignsArgs, CampaignListItem } from '@/types/api';

/**
 * api.browse_campaigns: active campaigns, newest first, filtered by keyword, content type and platform;
 * the next page starts after the last row's (created_at, id).
 */
export function browseCampaigns(args: BrowseCampaignsArgs): Promise<CampaignListItem[]> {
  return rpc<CampaignListItem[]>('browse_campaigns', {
    keyword: args.keyword || null,
    content_type: args.content_type || null,
    platform: args.platform || null,
    after_created_at: args.after_created_at ?? null,
    after_id: args.after_id ?? null,
    page_size: args.page_size ?? 20,
  });
}

export const browseCampaignsQueryOptions = (args: BrowseCampaignsArgs) =>
  queryOptions({ queryKey: ['campaigns', 'browse', args], queryFn: () => browseCampaigns(args) });

export function useBrowseCampaigns(args: BrowseCampaignsArgs) {
  return useQuery(browseCampaignsQueryOptions(args));
}
