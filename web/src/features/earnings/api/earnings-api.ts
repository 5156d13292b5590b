import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { payoutPollInterval } from '../utils/money-lines';
import type { MoneyHistoryLine, PayoutRequested, PayoutsOverview } from './earnings-types';
import { invokePayouts } from './payouts-function';

/** The balances and the history, read together so the cards and the lines always tell the same moment. */
export interface Earnings {
  overview: PayoutsOverview | null;
  lines: MoneyHistoryLine[];
}

async function getEarnings(): Promise<Earnings> {
  const [overview, lines] = await Promise.all([rpc<PayoutsOverview[]>('my_payouts_overview'), rpc<MoneyHistoryLine[]>('creator_money_history')]);
  return { overview: overview[0] ?? null, lines };
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
