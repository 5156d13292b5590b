import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import type { DisputeReason } from '../types';
import { invalidateAfterDispute } from './invalidate';

export interface OpenDisputeRequest {
  applicationId: string;
  reason: DisputeReason;
  details: string;
  evidenceUrls: string[];
}

/** api.open_dispute: the brand or the creator of a funded hire opens a dispute; the money stays held. */
export async function openDispute({ applicationId, reason, details, evidenceUrls }: OpenDisputeRequest): Promise<string> {
  return rpc<string>('open_dispute', {
    application_id: applicationId,
    reason,
    details: details.trim(),
    evidence_urls: evidenceUrls.map((u) => u.trim()).filter(Boolean),
  });
}

export function useOpenDispute(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    onSuccess: async (_id, request) => {
      await invalidateAfterDispute(queryClient, request.applicationId);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
