import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { type ActorOfEvent, counterpartOf } from '../utils/counterpart';

export const counterpartQueryOptions = (applicationId: string, viewerId: string) =>
  queryOptions({
    queryKey: reviewKeys.counterpart(applicationId, viewerId),
    queryFn: async () => counterpartOf(await rpc<ActorOfEvent[]>('application_events', { application_id: applicationId }), viewerId),
    // Who is on the other side of a hire never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The other party of the hire (read from its history), once `enabled`. */
export function useCounterpart(applicationId: string, viewerId: string, enabled: boolean) {
  return useQuery({ ...counterpartQueryOptions(applicationId, viewerId), enabled });
}
