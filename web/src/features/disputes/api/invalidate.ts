import type { QueryClient } from '@tanstack/react-query';
import { activityKeys, applicationKeys, deliverableKeys, disputeKeys, paymentKeys } from '@/lib/query-keys';

/**
 * After a dispute changed (opened, a message, withdrawn, resolved): every dispute read, the hire's
 * history, and what shows the hire's money and content (a dispute freezes or closes the hire and
 * pauses or restarts the review window).
 */
export function invalidateAfterDispute(queryClient: QueryClient, applicationId: string | undefined): Promise<unknown> {
  const keys: ReadonlyArray<readonly unknown[]> = [
    disputeKeys.all,
    paymentKeys.all,
    deliverableKeys.all,
    applicationKeys.all,
    ...(applicationId ? [activityKeys.ofApplication(applicationId)] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
