import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The reviews texts: Spanish bundled (creators read them in Spanish), English loaded when chosen. */
export const reviewsCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
