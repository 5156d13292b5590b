import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';
import { settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Nullable } from '@/types/api-contract';

export type PayoutAccountStatus = 'onboarding' | 'active' | 'needs_attention';

/** What the Payouts tab reads of api.my_payouts_overview(): the payout account (all null without one). */
export type PayoutAccount = Nullable<
  Pick<ApiRow<'my_payouts_overview'>, 'account_country' | 'account_status' | 'bank_summary' | 'problem_code'>,
  'account_country' | 'account_status' | 'bank_summary' | 'problem_code'
>;

/** One row of api.payout_countries(): a country creators can be paid in (ISO 3166 alpha-2). */
export type PayoutCountryRow = ApiRow<'payout_countries'>;

/** POST payouts/sync: the account as Stripe has it now. */
export interface PayoutAccountSynced {
  accountStatus: PayoutAccountStatus | null;
  bankSummary: string | null;
}

/** The Payouts tab's reads. They sit under the settings family, so a settings invalidation reaches them. */
export const payoutAccountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.payoutAccount(userId),
    queryFn: async (): Promise<PayoutAccount> => {
      const row = (await rpc<PayoutAccount[]>('my_payouts_overview'))[0];
      return {
        account_country: row?.account_country ?? null,
        account_status: row?.account_status ?? null,
        bank_summary: row?.bank_summary ?? null,
        problem_code: row?.problem_code ?? null,
      };
    },
    // Stripe's webhook changes it in the background: read it fresh on every visit.
    staleTime: 0,
  });

export const payoutCountriesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.payoutCountries(), queryFn: () => rpc<PayoutCountryRow[]>('payout_countries'), staleTime: Number.POSITIVE_INFINITY });

/** The account; with `untilActive`, read again every 3 s until Stripe has confirmed it (after a return from onboarding). */
export const usePayoutAccount = (userId: string, untilActive = false) =>
  useQuery({
    ...payoutAccountQueryOptions(userId),
    refetchInterval: (query) => (untilActive && query.state.data?.account_status !== 'active' ? 3_000 : false),
  });
export const usePayoutCountries = () => useQuery(payoutCountriesQueryOptions());

/** POST payouts/onboarding: a single-use link to Stripe's hosted page where the creator types their bank details. */
export function useStartOnboarding() {
  return useMutation({ mutationFn: (country: string) => invokeFunction<{ url: string }>('payouts/onboarding', { method: 'POST', body: { country } }) });
}

/** POST payouts/sync: asks Stripe for the account on the way back from onboarding (its webhook may still be on its way). */
export function useSyncPayoutAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => invokeFunction<PayoutAccountSynced>('payouts/sync', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.payoutAccount(userId) }),
  });
}
