import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/** A brand waiting for approval (api.admin_brand_queue; decision 0036). */
export interface PendingBrand {
  user_id: string;
  company_name: string;
  website: string | null;
  email: string;
  email_confirmed: boolean;
  signed_up_at: string;
}

export const brandQueueQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.brandQueue(), queryFn: () => rpc<PendingBrand[]>('admin_brand_queue') });

/** The brands waiting for an admin's decision, oldest first. */
export const useBrandQueue = () => useQuery(brandQueueQueryOptions());

export interface BrandDecision {
  brandId: string;
  approve: boolean;
  reason?: string;
}

/**
 * Approves or rejects (with a reason) a waiting brand: api.admin_decide_brand logs it and emails the brand.
 * Refreshes everything under ['admin']: the queue, the audit log, the user list.
 */
export function useDecideBrand(options: { onSuccess?: (d: BrandDecision) => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: BrandDecision) => rpc<string>('admin_decide_brand', { brand_id: d.brandId, approve: d.approve, reason: d.reason ?? null }),
    onSuccess: (_status, d) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.(d);
    },
    onError: options.onError,
  });
}
