import { z } from 'zod/mini';
import { hasVisibleText } from './visible-text.ts';

/** The longest pitch (api.apply_to_campaign refuses longer too). */
export const PITCH_MAX = 5000;

/**
 * The pitch rules' messages: the spec's English (the database raises the same texts), which identify the
 * rule; the web form shows them in the reader's language, the /api facade as they are.
 */
export const applyMessages = {
  pitchRequired: "Please enter a pitch describing why you're a good fit for this campaign.",
  pitchTooLong: `Your pitch must be ${PITCH_MAX} characters or fewer`,
} as const;

/** A pitch: visible characters (whitespace or zero-width characters alone are none), 5000 at most. */
export const pitch = z.string(applyMessages.pitchRequired).check(
  z.refine(hasVisibleText, applyMessages.pitchRequired),
  z.refine((v) => v.trim().length <= PITCH_MAX, applyMessages.pitchTooLong),
);

/** The creator's apply form (the campaign is the one on screen); POST /api/applications adds its id. */
export const applySchema = z.object({ pitch });
export type ApplyInput = z.infer<typeof applySchema>;
