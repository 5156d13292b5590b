import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import { requestDeliveryCheck } from './delivery-proof';
import { invalidateAfterReview } from './invalidate';

/**
 * api.resubmit_deliverable: the creator answers a request for changes with a new link, or the same link
 * and a note; the content goes back to review and its review window restarts.
 */
export async function resubmitDeliverable({ deliverableId, contentUrl, note }: { deliverableId: string; contentUrl: string; note: string }): Promise<void> {
  await rpc<null>('resubmit_deliverable', { deliverable_id: deliverableId, content_url: contentUrl.trim(), note: note.trim() || null });
}

export function useResubmitDeliverable(applicationId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitDeliverable,
    onSuccess: async (_done, { deliverableId }) => {
      requestDeliveryCheck(queryClient, deliverableId);
      await invalidateAfterReview(queryClient, applicationId);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
