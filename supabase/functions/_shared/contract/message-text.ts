import { hasVisibleText } from './visible-text.ts';

/** The longest message (after trimming) api.send_message takes. */
export const MAX_MESSAGE_LENGTH = 4000;

/** The database's words for the two rules (the /api facade answers them; the web says its own). */
export const messageTextMessages = {
  empty: 'Message cannot be empty',
  tooLong: `Message is too long (${MAX_MESSAGE_LENGTH} characters at most)`,
} as const;

/**
 * Why a message cannot be sent as typed, or null when it can (spec section 5: blank after trimming is
 * blocked; so is text of zero-width characters only, which api.send_message refuses as content_required).
 * No zod: the composer checks every keystroke.
 */
export function messageProblem(content: string): 'empty' | 'too_long' | null {
  const trimmed = content.trim();
  if (!hasVisibleText(trimmed)) return 'empty';
  if (trimmed.length > MAX_MESSAGE_LENGTH) return 'too_long';
  return null;
}
