import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { isUuid } from '@contract/ids';
import type { DeliverableDetail } from '../types';

/** api.deliverable_detail: the deliverable with campaign, parties and payment; null when not visible. */
export async function getDeliverable(deliverableId: string): Promise<DeliverableDetail | null> {
  if (!isUuid(deliverableId)) return null;
  const rows = await rpc<DeliverableDetail[]>('deliverable_detail', { deliverable_id: deliverableId });
  return rows[0] ?? null;
}

export const deliverableQueryOptions = (deliverableId: string) =>
  queryOptions({ queryKey: paymentKeys.deliverable(deliverableId), queryFn: () => getDeliverable(deliverableId), staleTime: 0 });

export function useDeliverable(deliverableId: string) {
  return useQuery(deliverableQueryOptions(deliverableId));
}
