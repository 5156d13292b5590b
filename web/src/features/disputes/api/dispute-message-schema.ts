import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';

/** The reply rules' messages: api.post_dispute_message's English (it refuses the same). */
export const disputeMessageMessages = {
  bodyRequired: 'Message cannot be empty',
  bodyTooLong: 'Message is too long (4000 characters at most)',
} as const;

export const MESSAGE_MAX = 4000;

export const disputeMessageSchema = z.object({
  body: z.string().check(
    z.refine(hasVisibleText, disputeMessageMessages.bodyRequired),
    z.refine((v) => v.trim().length <= MESSAGE_MAX, disputeMessageMessages.bodyTooLong),
  ),
});
export type DisputeMessageInput = z.infer<typeof disputeMessageSchema>;
