import type { QueryClient } from '@tanstack/react-query';
import { activityKeys, applicationKeys, brandDashboardKeys, deliverableKeys, disputeKeys, paymentKeys, reviewKeys } from '@/lib/query-keys';

/**
 * After a review decision or a resubmission: every deliverable read (the campaign's lists and the
 * revisions panel), the deliverable page's payment card (`paymentKeys.deliverable`, under `paymentKeys.all`,
 * as approving a funded hire's content releases its money), the hires, the brand's figures, the hire's
 * history and its reviews and dispute panels (approving releases the money, which completes the hire, opens
 * its reviews and ends what a dispute could be about).
 */
export function invalidateAfterReview(queryClient: QueryClient, applicationId: string): Promise<unknown> {
  const keys: ReadonlyArray<readonly unknown[]> = [
    deliverableKeys.all,
    paymentKeys.all,
    applicationKeys.all,
    brandDashboardKeys.all,
    activityKeys.ofApplication(applicationId),
    reviewKeys.hire(applicationId),
    disputeKeys.hire(applicationId),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
