import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverableKeys } from '@/lib/query-keys';
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
      await queryClient.invalidateQueries({ queryKey: deliverableKeys.ofApplication(applicationId) });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
