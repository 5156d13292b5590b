import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { disputeKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { QueuedDispute } from '../types';

export const DISPUTE_QUEUE_PAGE_SIZE = 50;

/** Where a page starts: after this dispute (its opening time as the api sent it, microseconds included). */
export type DisputeQueueCursor = { created_at: string; id: string } | null;

/** One page of the queue and whether more disputes wait after it. */
export interface DisputeQueuePage {
  rows: QueuedDispute[];
  more: boolean;
}

/**
 * One page of api.admin_dispute_queue, oldest first: the disputes after `cursor` (null: from the oldest).
 * One row more than a page is asked for, only to know whether another page follows (admins only).
 */
export async function getDisputeQueuePage(cursor: DisputeQueueCursor): Promise<DisputeQueuePage> {
  const rows = await rpc<QueuedDispute[]>('admin_dispute_queue', {
    page_size: DISPUTE_QUEUE_PAGE_SIZE + 1,
    after_opened_at: cursor?.created_at ?? null,
    after_id: cursor?.id ?? null,
  });
  return { rows: rows.slice(0, DISPUTE_QUEUE_PAGE_SIZE), more: rows.length > DISPUTE_QUEUE_PAGE_SIZE };
}

export const disputeQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: disputeKeys.queue(),
    queryFn: ({ pageParam }) => getDisputeQueuePage(pageParam),
    initialPageParam: null as DisputeQueueCursor,
    // Keyset: the next page starts after this page's last dispute (opening time, then id).
    getNextPageParam: (last): DisputeQueueCursor | undefined => {
      const tail = last.rows.at(-1);
      return last.more && tail ? { created_at: tail.created_at, id: tail.id } : undefined;
    },
  });

/** The admin's dispute queue, a page at a time. */
export function useDisputeQueue() {
  return useInfiniteQuery(disputeQueueQueryOptions());
}
