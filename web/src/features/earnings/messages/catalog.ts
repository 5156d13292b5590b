import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The creator's earnings screen: Spanish bundled (creators read it in Spanish), English loaded when chosen. */
export const earningsCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
