import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The first-sign-in password screen's texts: Spanish bundled like every screen's, English loaded when chosen. */
export const accountSetupCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
