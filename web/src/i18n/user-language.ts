import { use } from 'react';
import { browserChoice, followLanguage } from './locale-store';
import { fulfilled } from './use-t';
import { DEFAULT_LOCALE, isLocale, navigatorLocale, type Locale } from './locales';

/**
 * The language a signed-in user reads in: the one saved on their profile; else one picked with the
 * switch in this browser; else their role's: Spanish for creators, English for brands and admins.
 */
export function languageOf(profile: { role: string; language?: string | null }): Locale {
  if (isLocale(profile.language)) return profile.language;
  return browserChoice() ?? (profile.role === 'creator' ? 'es' : 'en');
}

/**
 * Puts the page in the given language before it renders, suspending while the other language's
 * catalogs load, so a brand never sees a frame of Spanish after signing in on the Spanish auth screen.
 */
export function useLanguage(locale: Locale | undefined): void {
  const ready = locale === undefined ? true : followLanguage(locale);
  // Called on every render, settled or not (see fulfilled()).
  use(ready === true ? settledAlready : ready);
}

const settledAlready = fulfilled();

/**
 * The guest's language: the one picked with the switch in this browser; else the browser's own (an
 * en-US browser reads English, an es-MX one Spanish; issue 32, item 2); else Spanish as the spec's auth
 * screen. index.html's prerendered auth screen (Spanish) is shown on the same condition
 * (build/prerender-auth.ts).
 */
export function guestLanguage(): Locale {
  return browserChoice() ?? navigatorLocale() ?? DEFAULT_LOCALE;
}
