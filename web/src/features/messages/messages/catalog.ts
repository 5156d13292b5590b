import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The messages screen's texts: Spanish bundled (creators read it in Spanish), English loaded when chosen. */
export const messagesCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
