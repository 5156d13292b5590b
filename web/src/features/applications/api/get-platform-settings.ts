import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';

/** api.platform_settings(): the fee (basis points), the review window and whether flat fees go through escrow. */
export type PlatformSettings = Pick<ApiRow<'platform_settings'>, 'fee_bps' | 'review_window_hours' | 'escrow_enabled'>;

export async function getPlatformSettings(): Promise<PlatformSettings | null> {
  const rows = await rpc<ApiRow<'platform_settings'>[]>('platform_settings');
  const s = rows[0];
  return s ? { fee_bps: Number(s.fee_bps), review_window_hours: Number(s.review_window_hours), escrow_enabled: !!s.escrow_enabled } : null;
}

/** Settings change rarely (an admin's edit): read once per few minutes. */
export const platformSettingsQueryOptions = () =>
  queryOptions({ queryKey: applicationKeys.platformSettings(), queryFn: getPlatformSettings, staleTime: 5 * 60_000 });

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions());
}
