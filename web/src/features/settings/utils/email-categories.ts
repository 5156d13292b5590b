/**
 * The kinds of email a user can turn off, as app.email_preferences and the emails function name them.
 * Messages is not an on/off switch but a frequency, so it is listed apart.
 */
export const EMAIL_SWITCHES = ['applications', 'work', 'payments', 'disputes_reviews'] as const;
export type EmailSwitch = (typeof EMAIL_SWITCHES)[number];

export const EMAIL_CATEGORIES = [...EMAIL_SWITCHES, 'messages'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const MESSAGE_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type MessageFrequency = (typeof MESSAGE_FREQUENCIES)[number];

export function isEmailCategory(value: unknown): value is EmailCategory {
  return typeof value === 'string' && (EMAIL_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The category an unsubscribe token names (`<category>.<user id>.<signature>`), so the page can ask
 * about it before anything is sent; null for a token that cannot be one. Only the emails function can
 * tell whether it is genuine.
 */
export function categoryOfToken(token: string | null | undefined): EmailCategory | null {
  const parts = token?.trim().split('.') ?? [];
  if (parts.length !== 3 || !parts[1] || !parts[2]) return null;
  return isEmailCategory(parts[0]) ? parts[0] : null;
}
