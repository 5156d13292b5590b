import { queryOptions, useQuery } from '@tanstack/react-query';
import { isUuid } from '@contract/ids';
import { deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';
import type { DeliverableRound, RevisionState } from '../types';

/**
 * api.deliverable_detail, read for its review state and revision rounds (the payments feature reads the
 * same row for the payment; each keeps its own cache). Null when the caller may not see the content.
 */
export async function getRevisionState(deliverableId: string): Promise<RevisionState | null> {
  if (!isUuid(deliverableId)) return null;
  const rows = await rpc<ApiRow<'deliverable_detail'>[]>('deliverable_detail', { deliverable_id: deliverableId });
  return (rows[0] as RevisionState | undefined) ?? null;
}

/** api.deliverable_rounds: every submission of the content and the decision on it, oldest first. */
export function getDeliverableRounds(deliverableId: string): Promise<DeliverableRound[]> {
  return rpc<DeliverableRound[]>('deliverable_rounds', { deliverable_id: deliverableId });
}

// The other party acts from another browser: a page the reader comes back to asks again (staleTime 0
// refetches on mount, and these refetch on window focus although the app's default does not).
const live = { staleTime: 0, refetchOnWindowFocus: true } as const;

export const revisionStateQueryOptions = (deliverableId: string) =>
  queryOptions({ queryKey: deliverableKeys.revisionState(deliverableId), queryFn: () => getRevisionState(deliverableId), ...live });

export const deliverableRoundsQueryOptions = (deliverableId: string) =>
  queryOptions({ queryKey: deliverableKeys.revisionRounds(deliverableId), queryFn: () => getDeliverableRounds(deliverableId), ...live });

export function useRevisionState(deliverableId: string) {
  return useQuery(revisionStateQueryOptions(deliverableId));
}

export function useDeliverableRounds(deliverableId: string) {
  return useQuery(deliverableRoundsQueryOptions(deliverableId));
}
