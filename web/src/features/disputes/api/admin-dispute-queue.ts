import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import type { QueuedDispute } from '../types';
import { disputeKeys } from './keys';

/** api.admin_dispute_queue: disputes waiting for an admin's decision, oldest first (admins only). */
export function getDisputeQueue(): Promise<QueuedDispute[]> {
  return rpc<QueuedDispute[]>('admin_dispute_queue');
}

export const disputeQueueQueryOptions = () => queryOptions({ queryKey: disputeKeys.queue(), queryFn: getDisputeQueue });

export function useDisputeQueue() {
  return useQuery(disputeQueueQueryOptions());
}
