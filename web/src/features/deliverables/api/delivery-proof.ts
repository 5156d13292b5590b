import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';
import { deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { DeliveryProof } from '../types';

/**
 * api.delivery_proof(deliverable_id): the verification of the submitted link against the creator's connected
 * account and the post's snapshots (decision 0055). Content with no check yet (submitted before checks
 * existed) answers deliverable_not_found: that reads as null, not as an error.
 */
export async function getDeliveryProof(deliverableId: string): Promise<DeliveryProof | null> {
  try {
    return await rpc<DeliveryProof>('delivery_proof', { deliverable_id: deliverableId });
  } catch (e) {
    if ((e as { details?: unknown }).details === 'deliverable_not_found') return null;
    throw e;
  }
}

/** A check still waiting for the platform is read again every 15 s while the page is open. */
const REFRESH_WHILE_PENDING_MS = 15_000;

export const getDeliveryProofQueryOptions = (deliverableId: string) =>
  queryOptions({
    queryKey: deliverableKeys.proof(deliverableId),
    queryFn: () => getDeliveryProof(deliverableId),
    refetchInterval: (query) => (query.state.data?.outcome === 'pending' ? REFRESH_WHILE_PENDING_MS : false),
  });

export function useDeliveryProof(deliverableId: string) {
  return useQuery(getDeliveryProofQueryOptions(deliverableId));
}

/**
 * Asks delivery-verify to check the link now, right after it was submitted or changed. Not awaited by the
 * form and its failure is not shown: the check is already queued in the database and the scheduled run
 * retries it, so a lost call only delays the answer.
 */
export function requestDeliveryCheck(queryClient: QueryClient, deliverableId: string): void {
  invokeFunction<unknown>('delivery-verify', { method: 'POST', body: { deliverable_id: deliverableId } })
    .catch(() => undefined)
    .finally(() => void queryClient.invalidateQueries({ queryKey: deliverableKeys.proof(deliverableId) }));
}
