import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, applicationKeys, deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { requestDeliveryCheck } from './delivery-proof';

/** api.submit_deliverable: the accepted creator submits a content link for the campaign; resolves with its id. */
export function submitDeliverable({ campaignId, contentUrl }: { campaignId: string; contentUrl: string }): Promise<string> {
  return rpc<string>('submit_deliverable', { campaign_id: campaignId, content_url: contentUrl.trim() });
}

export function useSubmitDeliverable(applicationId: string, options: { onSuccess?: (variables: { campaignId: string; contentUrl: string }) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDeliverable,
    onSuccess: async (deliverableId, variables) => {
      requestDeliveryCheck(queryClient, deliverableId);
      // The hire's review deadline (and whether it can still be canceled) follows the content.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deliverableKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.ofApplication(applicationId) }),
      ]);
      options.onSuccess?.(variables);
    },
    onError: options.onError,
  });
}
