import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUser } from '@/lib/auth';
import { brandApprovalKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

export type BrandApprovalStatus = 'pending' | 'approved' | 'rejected';

export interface BrandApproval {
  status: BrandApprovalStatus;
  /** An admin's reason, for a rejected brand. */
  reason: string | null;
}

interface Row {
  status: string;
  reason: string | null;
}

/** api.my_brand_approval: whether the signed-in brand may publish (decision 0036); null for other roles. */
export async function getMyBrandApproval(): Promise<BrandApproval | null> {
  const rows = await rpc<Row[] | Row | null>('my_brand_approval');
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row) return null;
  const status: BrandApprovalStatus = row.status === 'pending' || row.status === 'rejected' ? row.status : 'approved';
  return { status, reason: row.reason };
}

export const brandApprovalQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: brandApprovalKeys.ofUser(userId), queryFn: getMyBrandApproval, enabled: !!userId, staleTime: 30_000 });

/** The signed-in brand's approval; read for brands only. */
export function useMyBrandApproval() {
  const { session, profile } = useUser();
  const userId = profile?.role === 'brand' ? session?.user.id : undefined;
  return useQuery(brandApprovalQueryOptions(userId));
}
