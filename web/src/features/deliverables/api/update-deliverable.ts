import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { requestDeliveryCheck } from './delivery-proof';

/** api.update_deliverable: the creator replaces a link that is not approved yet (it goes back to review). */
export async function updateDeliverable({ deliverableId, contentUrl }: { deliverableId: string; contentUrl: string }): Promise<void> {
  await rpc<null>('update_deliverable', { deliverable_id: deliverableId, content_url: contentUrl.trim() });
}

export function useUpdateDeliverable(applicationId: string, options: { onSuccess?: (variables: { deliverableId: string; contentUrl: string }) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeliverable,
    onSuccess: async (_done, variables) => {
      const { deliverableId } = variables;
      // A changed link is a new post to check (the database queued it with the change).
      requestDeliveryCheck(queryClient, deliverableId);
      // The hire's review deadline (and whether it can still be canceled) follows the content.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deliverableKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      ]);
      options.onSuccess?.(variables);
    },
    onError: options.onError,
  });
}
