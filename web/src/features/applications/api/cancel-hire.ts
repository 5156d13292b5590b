import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';
import { applicationKeys, brandDashboardKeys, campaignKeys, deliverableKeys, paymentKeys } from '@/lib/query-keys';

export interface CancelHireRequest {
  applicationId: string;
  reason: string;
}

/** What canceling did: an unfunded hire closes; a funded one is refunded in full. */
export type CancelHireOutcome = 'canceled' | 'refunded';

/** POST payments/cancel-hire: the brand cancels its hire before any content, with the reason the creator reads. */
export async function cancelHire({ applicationId, reason }: CancelHireRequest): Promise<CancelHireOutcome> {
  const answer = await invokeFunction<{ status: CancelHireOutcome }>('payments/cancel-hire', { method: 'POST', body: { applicationId, reason: reason.trim() } });
  return answer.status;
}

/** Cancels, then refreshes what shows the hire: the applications, the campaign, the brand's figures and payments. */
export function useCancelHire(options: { onSuccess?: (outcome: CancelHireOutcome) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelHire,
    onSuccess: async (outcome) => {
      await Promise.all(
        [applicationKeys.all, campaignKeys.all, brandDashboardKeys.all, paymentKeys.all, deliverableKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      options.onSuccess?.(outcome);
    },
    onError: options.onError,
  });
}
