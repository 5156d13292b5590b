import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CampaignInput } from '../types';
import type { UsageRightsArgs } from './usage-rights-schema';

/** api.update_campaign: replaces the fields of the signed-in brand's campaign (the owner only). */
export async function updateCampaign({
  id,
  input: { draft_review, usage_rights, ...input },
}: { id: string; input: CampaignInput & { draft_review?: boolean; usage_rights?: Omit<UsageRightsArgs, 'campaign_id'> } }): Promise<void> {
  await rpc<null>('update_campaign', { campaign_id: id, ...input });
  // Draft review is its own call (api.set_campaign_draft_review); left alone when the caller does not say.
  if (draft_review !== undefined) await rpc<null>('set_campaign_draft_review', { campaign_id: id, draft_review });
  // Hires already made keep the licence copied when they were accepted (decision 0056).
  if (usage_rights) await rpc<null>('set_campaign_usage_rights', { campaign_id: id, ...usage_rights });
}

/** Saves a campaign and refreshes its detail, the lists and the brand's figures. */
export function useUpdateCampaign(options: { onSuccess?: (id: string) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: async (_data, { id }) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: brandDashboardKeys.all })]);
      options.onSuccess?.(id);
    },
    onError: options.onError,
  });
}
