import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { PaymentHistoryItem } from '../types';

export const PAYMENT_HISTORY_PAGE_SIZE = 50;

/** Where a page of payments starts: after the last payment shown (its date, or creation time, and id). */
export interface PaymentHistoryCursor {
  at: string;
  id: string;
}

/** One page of payments and whether older ones follow. */
export interface PaymentHistoryPage {
  rows: PaymentHistoryItem[];
  more: boolean;
}

/** The cursor after a payment: the order api.payment_history sorts by. */
export const cursorAfter = (p: PaymentHistoryItem): PaymentHistoryCursor => ({ at: p.payment_date ?? p.created_at, id: p.id });

/**
 * One page of api.payment_history: what the caller paid (brand) or received (creator), newest first,
 * older than `after` (null: the newest). One row more than a page is asked for, only to know whether
 * another page follows.
 */
export async function getPaymentHistoryPage(after: PaymentHistoryCursor | null): Promise<PaymentHistoryPage> {
  const rows = await rpc<PaymentHistoryItem[]>('payment_history', {
    before_at: after?.at ?? null,
    before_id: after?.id ?? null,
    page_size: PAYMENT_HISTORY_PAGE_SIZE + 1,
  });
  return { rows: rows.slice(0, PAYMENT_HISTORY_PAGE_SIZE), more: rows.length > PAYMENT_HISTORY_PAGE_SIZE };
}

export const paymentHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.history(),
    queryFn: ({ pageParam }) => getPaymentHistoryPage(pageParam),
    initialPageParam: null as PaymentHistoryCursor | null,
    getNextPageParam: (last): PaymentHistoryCursor | undefined => {
      const tail = last.rows.at(-1);
      return last.more && tail ? cursorAfter(tail) : undefined;
    },
    // A payment completes in the background (webhook): read it fresh on every visit.
    staleTime: 0,
  });

/** The caller's payments, a page at a time. */
export function usePaymentHistory() {
  return useInfiniteQuery(paymentHistoryQueryOptions());
}
