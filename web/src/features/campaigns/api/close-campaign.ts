import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** api.close_campaign: the owner completes a campaign (final: it cannot be reopened). */
export async function closeCampaign(id: string): Promise<void> {
  await rpc<null>('close_campaign', { campaign_id: id });
}

export function useCloseCampaign(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeCampaign,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: brandDashboardKeys.all })]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
