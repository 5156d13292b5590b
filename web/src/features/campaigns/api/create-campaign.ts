import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CampaignInput } from '../types';

/**
 * api.create_campaign: a new campaign of the signed-in brand; resolves with its id. Draft review is its own
 * call (api.set_campaign_draft_review), made only when asked for.
 */
export async function createCampaign({ draft_review, ...input }: CampaignInput & { draft_review?: boolean }): Promise<string> {
  const id = await rpc<string>('create_campaign', { ...input });
  if (draft_review) await rpc<null>('set_campaign_draft_review', { campaign_id: id, draft_review: true });
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
