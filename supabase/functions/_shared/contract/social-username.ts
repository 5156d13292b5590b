/** The three social username fields of the register form, in the form's order. No zod: see sign-up-messages.ts. */
export const SOCIAL_FIELDS = ['tiktokUsername', 'instagramUsername', 'youtubeUsername'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

/**
 * The account's username is the first filled social username, in the form's order (TikTok, Instagram,
 * YouTube). Returns the field it came from too, so a "taken" error can be shown on that field.
 */
export function pickUsername(input: Record<SocialField, string>): { username: string; field: SocialField } | null {
  for (const field of SOCIAL_FIELDS) {
    const value = input[field].trim();
    if (value) return { username: value, field };
  }
  return null;
}
