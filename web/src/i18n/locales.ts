/** The languages of the product: Spanish for our creators, English for our brands (issue 15). */
export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where a guest's choice is kept (a signed-in user's will be kept on the profile). */
export const LOCALE_STORAGE_KEY = 'locale';

/** The auth screen starts in Spanish, as the spec writes it. */
export const DEFAULT_LOCALE: Locale = 'es';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
