import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { Deliverable } from '../types';

/** api.application_deliverables: the content delivered for an application, newest first. */
export function getApplicationDeliverables(applicationId: string): Promise<Deliverable[]> {
  return rpc<Deliverable[]>('application_deliverables', { application_id: applicationId });
}

export const getApplicationDeliverablesQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: deliverableKeys.ofApplication(applicationId), queryFn: () => getApplicationDeliverables(applicationId) });

export function useApplicationDeliverables(applicationId: string) {
  return useQuery(getApplicationDeliverablesQueryOptions(applicationId));
}
