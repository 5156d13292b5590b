import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';

/**
 * The pitch rules' messages: the spec's English (the database raises the same texts), which identify the
 * rule; the form shows them in the reader's language (messages/applications-text.ts).
 */
export const applyMessages = {
  pitchRequired: "Please enter a pitch describing why you're a good fit for this campaign.",
  pitchTooLong: 'Your pitch must be 5000 characters or fewer',
} as const;

export const applySchema = z.object({
  pitch: z.string().check(
    // Whitespace or zero-width characters alone are no pitch (api.apply_to_campaign refuses them too).
    z.refine(hasVisibleText, applyMessages.pitchRequired),
    z.refine((v) => v.trim().length <= 5000, applyMessages.pitchTooLong),
  ),
});
export type ApplyInput = z.infer<typeof applySchema>;
