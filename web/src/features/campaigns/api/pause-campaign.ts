import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** api.pause_campaign: the owner pauses an active campaign (it leaves the browse list). */
export async function pauseCampaign(id: string): Promise<void> {
  await rpc<null>('pause_campaign', { campaign_id: id });
}

export function usePauseCampaign(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseCampaign,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: brandDashboardKeys.all })]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
