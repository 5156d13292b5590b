import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Refine } from '@/types/api-contract';
import type { PlatformSettingsArgs } from './platform-settings-schema';

/** api.admin_money_summary(): the platform's money from the ledger, and payouts that need attention. */
export type AdminMoneySummary = ApiRow<'admin_money_summary'>;

/** api.platform_settings(): the fee, the review window and the payout rules. */
export type PlatformSettings = Refine<ApiRow<'platform_settings'>, { payout_schedule: 'daily' | 'weekly' | 'on_request' | (string & {}) }>;

/** Under the admin family, so every admin mutation (which invalidates ['admin']) refreshes them too. */
export const adminMoneyQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.money(),
    queryFn: async () => (await rpc<AdminMoneySummary[]>('admin_money_summary'))[0] ?? null,
    // Payouts are paid and fail in the background: fresh on every visit.
    staleTime: 0,
  });

export const platformSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.platformSettings(), queryFn: async () => (await rpc<PlatformSettings[]>('platform_settings'))[0] ?? null });

export const useAdminMoney = () => useQuery(adminMoneyQueryOptions());
export const usePlatformSettings = () => useQuery(platformSettingsQueryOptions());

/** api.admin_update_platform_settings: every field sent; the database checks the ranges again. */
export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: PlatformSettingsArgs) => rpc<void>('admin_update_platform_settings', { ...args }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
