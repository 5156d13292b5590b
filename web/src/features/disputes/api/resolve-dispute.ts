import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/invoke-function';
import { adminKeys } from '@/lib/query-keys';
import type { DisputeOutcome } from '../types';
import { invalidateAfterDispute } from './invalidate';

export interface ResolveDisputeRequest {
  disputeId: string;
  applicationId: string;
  outcome: DisputeOutcome;
  /** Integer cents to the creator, before the platform fee; a split only. */
  creatorCents?: number;
  note: string;
}

/** What the payments function carried out: the shares of the money held. */
export interface ResolvedDispute {
  status: 'resolved';
  outcome: DisputeOutcome;
  creatorCents: number;
  brandCents: number;
}

/** POST payments/resolve-dispute (admins): moves the money held as decided, once, and tells both sides. */
export function resolveDispute({ disputeId, outcome, creatorCents, note }: ResolveDisputeRequest): Promise<ResolvedDispute> {
  return invokeFunction<ResolvedDispute>('payments/resolve-dispute', {
    method: 'POST',
    body: { disputeId, outcome, ...(outcome === 'split' ? { creatorCents } : {}), note: note.trim() },
  });
}

/**
 * Resolves, then refreshes the queue, the hire and the admin's money figures (escrow, fees). A refusal
 * refreshes them too: another admin may have decided first, or a failure half-way left it being resolved.
 */
export function useResolveDispute(options: { onSuccess?: (result: ResolvedDispute) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = (applicationId: string) =>
    Promise.all([invalidateAfterDispute(queryClient, applicationId), queryClient.invalidateQueries({ queryKey: adminKeys.all })]);
  return useMutation({
    mutationFn: resolveDispute,
    onSuccess: async (result, request) => {
      await refresh(request.applicationId);
      options.onSuccess?.(result);
    },
    onError: (error, request) => {
      options.onError?.(error);
      void refresh(request.applicationId);
    },
  });
}
