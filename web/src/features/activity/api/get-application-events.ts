import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApplicationEvent } from '../types';

/** api.application_events: what happened to an application, oldest first (its two parties and admins). */
export function getApplicationEvents(applicationId: string): Promise<ApplicationEvent[]> {
  return rpc<ApplicationEvent[]>('application_events', { application_id: applicationId });
}

/**
 * The other party and the platform (Stripe, the scheduler) add events while the page is open elsewhere:
 * asked again on every visit (staleTime 0) and when the reader comes back to the window, as the rest of
 * the deliverable page does.
 */
export const applicationEventsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: activityKeys.ofApplication(applicationId),
    queryFn: () => getApplicationEvents(applicationId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useApplicationEvents(applicationId: string) {
  return useQuery(applicationEventsQueryOptions(applicationId));
}
