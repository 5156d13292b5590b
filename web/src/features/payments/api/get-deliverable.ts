import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { isUuid } from '@contract/ids';
import type { ApiRow } from '@/types/api-contract';
import type { DeliverableDetail } from '../types';
import { parseHire } from '@contract/hire';

/** api.deliverable_detail: the deliverable with campaign, parties, payment and hire; null when not visible. */
export async function getDeliverable(deliverableId: string): Promise<DeliverableDetail | null> {
  if (!isUuid(deliverableId)) return null;
  const rows = await rpc<ApiRow<'deliverable_detail'>[]>('deliverable_detail', { deliverable_id: deliverableId });
  const row = rows[0];
  return row ? ({ ...row, hire: parseHire(row.hire) } as DeliverableDetail) : null;
}

export const deliverableQueryOptions = (deliverableId: string) =>
  queryOptions({ queryKey: paymentKeys.deliverable(deliverableId), queryFn: () => getDeliverable(deliverableId), staleTime: 0 });

export function useDeliverable(deliverableId: string) {
  return useQuery(deliverableQueryOptions(deliverableId));
}
