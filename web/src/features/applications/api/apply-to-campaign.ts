import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** api.apply_to_campaign: the signed-in creator applies with a pitch; resolves with the application id. */
export function applyToCampaign({ campaignId, pitch }: { campaignId: string; pitch: string }): Promise<string> {
  return rpc<string>('apply_to_campaign', { campaign_id: campaignId, pitch: pitch.trim() });
}

/**
 * Applies and refreshes what shows the application: the campaign (its count and the caller's
 * application), the browse lists (has_applied) and the creator's own applications.
 */
export function useApplyToCampaign(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToCampaign,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: applicationKeys.all })]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
