/**
 * The languages of the product: Spanish for our creators, English for our brands (issue 15), Brazilian
 * Portuguese for creators in Brazil (issue 37).
 */
export const LOCALES = ['es', 'en', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];

/** The Intl tag each language formats with (numbers, money, dates): one place for every formatter. */
export const FORMAT_TAG: Record<Locale, string> = { en: 'en-US', es: 'es-419', pt: 'pt-BR' };

/** Where a guest's choice is kept (a signed-in user's will be kept on the profile). */
export const LOCALE_STORAGE_KEY = 'locale';

/** The auth screen starts in Spanish, as the spec writes it, unless the browser asks for English. */
export const DEFAULT_LOCALE: Locale = 'es';

/**
 * The first of the browser's languages that is one of ours (en-US -> 'en', es-MX -> 'es', pt-BR -> 'pt';
 * fr-FR, de skipped), if any. index.html's inline script runs this very function (build/prerender-auth.ts embeds
 * its source), so it uses nothing but the language itself.
 */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'es' || primary === 'pt') return primary;
  }
  return undefined;
}

/** The browser's preferred language among ours (navigator.languages), if any. */
export function navigatorLocale(): Locale | undefined {
  const nav = globalThis.navigator as Navigator | undefined;
  if (!nav) return undefined;
  return preferredLocale(nav.languages?.length ? nav.languages : [nav.language ?? '']);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
