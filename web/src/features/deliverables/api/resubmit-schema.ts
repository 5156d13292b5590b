import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';
import { contentUrl } from '@contract/content-url';

/** The resubmission's own rules; the messages are the database's English (it refuses the same), identifying each rule. */
export const resubmitMessages = {
  noteRequired: 'Add a note about what you changed, or submit a new link',
  noteTooLong: 'The note must be 2000 characters or fewer',
} as const;

export const NOTE_MAX = 2000;

/**
 * A resubmission: a content link as on first submission, and a note of at most 2000 characters that is
 * required when the link is the current one (otherwise the brand would see nothing new).
 */
export function resubmitSchema(currentUrl: string) {
  return z
    .object({
      contentUrl,
      note: z.string().check(z.refine((v) => v.trim().length <= NOTE_MAX, resubmitMessages.noteTooLong)),
    })
    .check(
      z.refine((v) => v.contentUrl.trim() !== currentUrl.trim() || hasVisibleText(v.note), {
        message: resubmitMessages.noteRequired,
        path: ['note'],
      }),
    );
}
export type ResubmitInput = z.infer<ReturnType<typeof resubmitSchema>>;
