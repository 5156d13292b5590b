import { i18n } from '@lingui/core';
import { use } from 'react';
import { type CatalogLoaders, ensureCatalog, registerCatalog, useLocale } from './locale-store';
import type { Locale } from './locales';
import type { MessageValues } from './message-values';
import { withoutDoubledPeriod } from './sentence-end';

export type { MessageValues } from './message-values';

/** A catalog whose keys are those of its English file, so a misspelt key is a type error. */
export interface Catalog<Keys> {
  loaders: CatalogLoaders;
  readonly keys?: Keys;
}

export function defineCatalog<Keys>(loaders: CatalogLoaders): Catalog<Keys> {
  registerCatalog(loaders);
  return { loaders };
}

const pending = new Map<CatalogLoaders, Map<Locale, Promise<void>>>();

/**
 * A promise React's `use` reads as already fulfilled, so it does not suspend. `use` must be called on
 * every render of a component, loaded or not: when a render suspends and React replays it after the
 * promise settles, a `use` that is no longer called breaks the order of the hooks after it.
 */
export function fulfilled(): Promise<void> {
  return Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
}

/** One promise per catalog and language, the same on every render (fulfilled when already loaded). */
function ready(loaders: CatalogLoaders, locale: Locale): Promise<void> {
  const byLocale = pending.get(loaders) ?? new Map<Locale, Promise<void>>();
  pending.set(loaders, byLocale);
  let promise = byLocale.get(locale);
  if (!promise) {
    const state = ensureCatalog(loaders);
    promise = state === true ? fulfilled() : state;
    byLocale.set(locale, promise);
  }
  return promise;
}

/**
 * The translate function of a catalog in the active language, and the language. Suspends until the
 * catalog is loaded (the default language's is bundled with the screen, so that is at most once).
 *
 * The last hook of a component (use-t-order.test.ts checks it): a render suspends here while the other
 * language's texts load. With every other hook above it, a query starts fetching while the texts load
 * rather than after them, and no hook follows the point where a render suspended, so the render React
 * replays once the catalog arrives cannot call hooks the suspended one did not (a replay that did crashed
 * /messages with React #467, "Update hook called on initial render").
 */
export function useT<Keys>(catalog: Catalog<Keys>): { t: (key: keyof Keys & string, values?: MessageValues) => string; locale: Locale } {
  const locale = useLocale();
  use(ready(catalog.loaders, locale));
  // A value ending with its own period ("p.m.") at a sentence's end keeps one period, not two.
  return { t: (key, values) => withoutDoubledPeriod(i18n._(key, values), values), locale };
}
