import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** api.delete_deliverable: the creator removes a link that is not approved. */
export async function deleteDeliverable(deliverableId: string): Promise<void> {
  await rpc<null>('delete_deliverable', { deliverable_id: deliverableId });
}

export function useDeleteDeliverable(applicationId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliverable,
    onSuccess: async () => {
      // The hire's review deadline (and whether it can still be canceled) follows the content.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deliverableKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      ]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
