import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The creator screens' texts: Spanish bundled (a creator reads their profile in Spanish), English loaded when chosen. */
export const creatorsCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
