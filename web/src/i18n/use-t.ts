import { i18n } from '@lingui/core';
import { use } from 'react';
import { type CatalogLoaders, ensureCatalog, useLocale } from './locale-store';
import type { Locale } from './locales';

/** Values an ICU message interpolates: `{name}`, `{count, plural, …}`. */
export type MessageValues = Record<string, string | number>;

/** A catalog whose keys are those of its English file, so a misspelt key is a type error. */
export interface Catalog<Keys> {
  loaders: CatalogLoaders;
  readonly keys?: Keys;
}

export function defineCatalog<Keys>(loaders: CatalogLoaders): Catalog<Keys> {
  return { loaders };
}

const pending = new Map<CatalogLoaders, Map<Locale, Promise<void>>>();

/** One promise per catalog and language, so Suspense sees the same one on every render. */
function ready(loaders: CatalogLoaders, locale: Locale): Promise<void> | undefined {
  const state = ensureCatalog(loaders);
  if (state === true) return undefined;
  const byLocale = pending.get(loaders) ?? new Map<Locale, Promise<void>>();
  pending.set(loaders, byLocale);
  let promise = byLocale.get(locale);
  if (!promise) {
    promise = state;
    byLocale.set(locale, promise);
  }
  return promise;
}

/**
 * The translate function of a catalog in the active language, and the language. Suspends until the
 * catalog is loaded (the default language's is bundled with the screen, so that is at most once).
 */
export function useT<Keys>(catalog: Catalog<Keys>): { t: (key: keyof Keys & string, values?: MessageValues) => string; locale: Locale } {
  const locale = useLocale();
  const promise = ready(catalog.loaders, locale);
  if (promise) use(promise);
  return { t: (key, values) => i18n._(key, values), locale };
}
