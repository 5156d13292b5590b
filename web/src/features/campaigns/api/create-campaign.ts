import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { CampaignInput } from '../types';

/** api.create_campaign: a new campaign of the signed-in brand; resolves with its id. */
export function createCampaign(input: CampaignInput): Promise<string> {
  return rpc<string>('create_campaign', { ...input });
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
