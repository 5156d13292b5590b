import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from './locales';

/** A catalog's messages in each language: the default's bundled with the screen, the other loaded on demand. */
export type CatalogLoaders = Record<Locale, () => Promise<Messages>>;

const catalogs = new Set<CatalogLoaders>();
const loaded = new Map<CatalogLoaders, Set<Locale>>();
const listeners = new Set<() => void>();

function storedLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

let active: Locale = storedLocale();
// Lingui formats with the active locale; nothing renders before a catalog of it is loaded (ensureCatalog).
i18n.activate(active);

async function load(catalog: CatalogLoaders, locale: Locale): Promise<void> {
  const done = loaded.get(catalog) ?? new Set<Locale>();
  if (done.has(locale)) return;
  // Lingui merges what is loaded for a locale, so each screen adds its own catalog.
  i18n.load(locale, await catalog[locale]());
  done.add(locale);
  loaded.set(catalog, done);
}

/** True when the catalog is ready in the active language; otherwise starts loading it and resolves when ready. */
export function ensureCatalog(catalog: CatalogLoaders): true | Promise<void> {
  catalogs.add(catalog);
  if (loaded.get(catalog)?.has(active)) return true;
  return load(catalog, active);
}

export function getLocale(): Locale {
  return active;
}

/**
 * Switches the language: every catalog a screen has used is loaded in the new one first, so the page
 * changes in one step and nothing on it unmounts (forms keep what was typed). The choice is remembered.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all([...catalogs].map((c) => load(c, locale)));
  active = locale;
  i18n.activate(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** The active language; components re-render when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
