import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, LOCALES, type Locale } from './locales';

/**
 * A catalog's messages in each language, each loaded on demand (a function importing them: a chunk per
 * catalog and language, so a reader downloads only their own language's texts; decision 0040). Messages
 * given directly are registered at once (tests, or a catalog that must never wait).
 */
export type CatalogLoaders = Record<Locale, Messages | (() => Promise<Messages>)>;

const catalogs = new Set<CatalogLoaders>();
const loaded = new Map<CatalogLoaders, Set<Locale>>();
const listeners = new Set<() => void>();

/** The language chosen with the switch in this browser, if one was. */
export function browserChoice(): Locale | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function showLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Lingui formats with the active locale; nothing renders before its catalogs are loaded (loadActiveCatalogs). */
function activate(locale: Locale): void {
  // Its messages arrive later (merged by i18n.load): no "not loaded" warning meanwhile.
  i18n.load(locale, {});
  i18n.activate(locale);
}

/**
 * The language of the screen index.html drew before any script (the auth screen, a shell, a snapshot, a
 * public page: each sets <html lang>): the app starts in it, so only that language's catalogs load.
 */
function drawnLanguage(): Locale | undefined {
  if (typeof document === 'undefined' || !document.getElementById('root')?.hasAttribute('data-prerendered')) return undefined;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : undefined;
}

let active: Locale = drawnLanguage() ?? browserChoice() ?? DEFAULT_LOCALE;
activate(active);
showLanguage(active);

function markLoaded(catalog: CatalogLoaders, locale: Locale, messages: Messages): void {
  // Lingui merges what is loaded for a locale, so each screen adds its own catalog.
  i18n.load(locale, messages);
  const done = loaded.get(catalog) ?? new Set<Locale>();
  done.add(locale);
  loaded.set(catalog, done);
}

async function load(catalog: CatalogLoaders, locale: Locale): Promise<void> {
  if (loaded.get(catalog)?.has(locale)) return;
  const source = catalog[locale];
  markLoaded(catalog, locale, typeof source === 'function' ? await source() : source);
}

/**
 * Registers a catalog when its module is evaluated; languages given as messages are loaded at once. The
 * active language's chunk is loaded before anything renders with it (loadActiveCatalogs: the app's start and
 * each route's code), and index.html preloads it with the route's chunks (build/route-preload.ts).
 */
export function registerCatalog(catalog: CatalogLoaders): void {
  catalogs.add(catalog);
  for (const locale of LOCALES) {
    const source = catalog[locale];
    if (typeof source !== 'function') markLoaded(catalog, locale, source);
  }
}

/** True when the catalog is ready in the active language; otherwise starts loading it and resolves when ready. */
export function ensureCatalog(catalog: CatalogLoaders): true | Promise<void> {
  catalogs.add(catalog);
  if (loaded.get(catalog)?.has(active)) return true;
  return load(catalog, active);
}

/**
 * Loads every registered catalog in the active language. Awaited before the app's first render and by each
 * route's code before its screen renders (app/router.tsx), so a screen does not suspend on its own texts
 * and a takeover of a prerendered screen is the same screen in one step.
 */
export function loadActiveCatalogs(): Promise<void> {
  const locale = active;
  return Promise.all([...catalogs].map((c) => load(c, locale))).then(() => undefined);
}

/**
 * The language the app starts in, before anything renders (src/i18n/signed-in-language.ts: a stored
 * session's user's). Its catalogs load on first use, as for a language chosen with the switch.
 */
export function startIn(locale: Locale): void {
  if (locale === active) return;
  active = locale;
  activate(locale);
  showLanguage(locale);
}

export function getLocale(): Locale {
  return active;
}

/**
 * Switches the language: every catalog a screen has used is loaded in the new one first, so the page
 * changes in one step and nothing on it unmounts (forms keep what was typed). A choice made with the
 * switch is remembered in the browser; a language followed from the user's profile or role is not.
 */
export async function setLocale(locale: Locale, opts: { remember?: boolean } = {}): Promise<void> {
  await Promise.all([...catalogs].map((c) => load(c, locale)));
  active = locale;
  i18n.activate(locale);
  showLanguage(locale);
  if (opts.remember !== false) {
    try {
      globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
  }
  for (const notify of listeners) notify();
}

let following: { locale: Locale; promise: Promise<void> } | undefined;

/** True when the language already is `locale`; otherwise switches to it (once) and resolves when done. */
export function followLanguage(locale: Locale): true | Promise<void> {
  if (locale === active) return true;
  if (following?.locale !== locale) {
    const promise = setLocale(locale, { remember: false }).finally(() => {
      if (following?.promise === promise) following = undefined;
    });
    following = { locale, promise };
  }
  return following.promise;
}

/** Called after each switch of the language (toasts written in the old one go: components/ui/toast). */
export function subscribeLocale(notify: () => void): () => void {
  return subscribe(notify);
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** The active language; components re-render when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
