import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys, brandDashboardKeys, deliverableKeys, paymentKeys } from '@/lib/query-keys';
import { activityKey, hirePanelKeys } from './keys';

/**
 * After a review decision or a resubmission: every deliverable read (the campaign's lists and the
 * revisions panel), the deliverable page's payment card (`paymentKeys.deliverable`, under `paymentKeys.all`,
 * as approving a funded hire's content releases its money), the hires, the brand's figures, the hire's
 * history (the activity feature's `['activity', applicationId]`) and its reviews and dispute panels.
 */
export function invalidateAfterReview(queryClient: QueryClient, applicationId: string): Promise<unknown> {
  const keys: ReadonlyArray<readonly unknown[]> = [
    deliverableKeys.all,
    paymentKeys.all,
    applicationKeys.all,
    brandDashboardKeys.all,
    activityKey(applicationId),
    ...hirePanelKeys(applicationId),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
