import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, disputeKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

export interface DisputeMessageRequest {
  disputeId: string;
  applicationId: string;
  body: string;
}

/** api.post_dispute_message: a party or an admin writes in the thread while the dispute is open. */
export async function postDisputeMessage({ disputeId, body }: DisputeMessageRequest): Promise<string> {
  return rpc<string>('post_dispute_message', { dispute_id: disputeId, body: body.trim() });
}

/**
 * Sends, then reads the thread again, and the hire's history with it. A dispute closed meanwhile is read
 * again too, so the thread shows how it ended.
 */
export function usePostDisputeMessage(options: { onSuccess?: (request: { body: string }) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDisputeMessage,
    onSuccess: async (_id, request) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.ofApplication(request.applicationId) }),
      ]);
      options.onSuccess?.(request);
    },
    onError: (error) => {
      options.onError?.(error);
      if ((error as { details?: unknown }).details === 'dispute_closed') void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
    },
  });
}
