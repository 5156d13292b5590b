import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CampaignInput } from '../types';
import type { UsageRightsArgs } from './usage-rights-schema';

/**
 * api.create_campaign: a new campaign of the signed-in brand; resolves with its id. Draft review and the
 * licence are their own calls (api.set_campaign_draft_review, api.set_campaign_usage_rights), made only
 * when given; the form checked the licence by the same rules, so the second call refuses nothing the form let through.
 */
export async function createCampaign({ draft_review, usage_rights, ...input }: CampaignInput & { draft_review?: boolean; usage_rights?: Omit<UsageRightsArgs, 'campaign_id'> }): Promise<string> {
  const id = await rpc<string>('create_campaign', { ...input });
  if (draft_review) await rpc<null>('set_campaign_draft_review', { campaign_id: id, draft_review: true });
  if (usage_rights) await rpc<null>('set_campaign_usage_rights', { campaign_id: id, ...usage_rights });
  return id;
}

/** Creates a campaign and refreshes every campaign list and the brand's figures. */
export function useCreateCampaign(options: { onSuccess?: (id: string) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: async (id) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: brandDashboardKeys.all })]);
      options.onSuccess?.(id);
    },
    onError: options.onError,
  });
}
