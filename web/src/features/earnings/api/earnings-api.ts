import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { payoutPollInterval } from '../utils/money-lines';
import type { MoneyHistoryLine, PayoutRequested, PayoutsOverview } from './earnings-types';
import { invokePayouts } from './payouts-function';

/** Why payouts wait on the creator's tax form (decision 0044), or null while one is valid on file. */
export type TaxHold = { state: 'missing' | 'expired' | 'name_mismatch'; expiresOn: string | null } | null;

/** The balances, the history and the tax form, read together so the cards and the lines always tell the same moment. */
export interface Earnings {
  overview: PayoutsOverview | null;
  lines: MoneyHistoryLine[];
  taxHold: TaxHold;
}

type TaxFormState = { state: string; expires_on: string | null };

async function getEarnings(): Promise<Earnings> {
  const [overview, lines, taxForm] = await Promise.all([
    rpc<PayoutsOverview[]>('my_payouts_overview'),
    rpc<MoneyHistoryLine[]>('creator_money_history'),
    rpc<TaxFormState[]>('my_tax_form'),
  ]);
  const form = taxForm[0];
  const taxHold: TaxHold = form && (form.state === 'missing' || form.state === 'expired' || form.state === 'name_mismatch') ? { state: form.state, expiresOn: form.expires_on } : null;
  return { overview: overview[0] ?? null, lines, taxHold };
}

/**
 * Money changes in the background (a brand approves, Stripe's webhook says a payout was paid): read fresh
 * on every visit and, while a payout is on its way, every few seconds (see payoutPollInterval).
 */
export const earningsQueryOptions = () =>
  queryOptions({
    queryKey: earningsKeys.money(),
    queryFn: getEarnings,
    staleTime: 0,
    refetchInterval: (query) =>
      payoutPollInterval(query.state.data?.lines ?? [], new Date(), Number(query.state.data?.overview?.in_transit_cents ?? 0)),
  });

export const useEarnings = () => useQuery(earningsQueryOptions());

/** "Withdraw now": pays out the whole available balance (POST payouts/request). */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => invokePayouts<PayoutRequested>('request'),
    // Also after a refusal: the balance or the account may have changed since the screen read them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}
