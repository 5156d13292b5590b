import type { RegisterInput } from './auth-schemas';

export type SocialField = 'tiktokUsername' | 'instagramUsername' | 'youtubeUsername';

/**
 * The account's username is the first filled social username, in the form's order (TikTok, Instagram,
 * YouTube). Returns the field it came from too, so a "taken" error can be shown on that field.
 */
export function pickUsername(input: Pick<RegisterInput, SocialField>): { username: string; field: SocialField } | null {
  for (const field of ['tiktokUsername', 'instagramUsername', 'youtubeUsername'] as const) {
    const value = input[field].trim();
    if (value) return { username: value, field };
  }
  return null;
}
