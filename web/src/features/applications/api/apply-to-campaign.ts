import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { applicationKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { hasVisibleText } from '@/lib/visible-text';

/** The spec's message for a blank pitch (the database raises the same text). */
export const PITCH_REQUIRED = "Please enter a pitch describing why you're a good fit for this campaign.";

export const applySchema = z.object({
  pitch: z.string().check(
    // Whitespace or zero-width characters alone are no pitch (api.apply_to_campaign refuses them too).
    z.refine(hasVisibleText, PITCH_REQUIRED),
    z.refine((v) => v.trim().length <= 5000, 'Your pitch must be 5000 characters or fewer'),
  ),
});
export type ApplyInput = z.infer<typeof applySchema>;

/** api.apply_to_campaign: the signed-in creator applies with a pitch; resolves with the application id. */
export function applyToCampaign({ campaignId, pitch }: { campaignId: string; pitch: string }): Promise<string> {
  return rpc<string>('apply_to_campaign', { campaign_id: campaignId, pitch: pitch.trim() });
}

/**
 * Applies and refreshes what shows the application: the campaign (its count and the caller's
 * application), the browse lists (has_applied) and the creator's own applications.
 */
export function useApplyToCampaign(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToCampaign,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: applicationKeys.all })]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
