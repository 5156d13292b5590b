import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { invalidateAfterDispute } from './invalidate';

/** api.withdraw_dispute: whoever opened an open dispute ends it; release and the review window resume. */
export async function withdrawDispute({ disputeId }: { disputeId: string; applicationId: string }): Promise<void> {
  await rpc<null>('withdraw_dispute', { dispute_id: disputeId });
}

/** Withdraws, then refreshes the hire; a refusal refreshes the dispute too (it may have been closed meanwhile). */
export function useWithdrawDispute(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDispute,
    onSuccess: async (_void, request) => {
      await invalidateAfterDispute(queryClient, request.applicationId);
      options.onSuccess?.();
    },
    onError: (error) => {
      options.onError?.(error);
      void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
    },
  });
}
