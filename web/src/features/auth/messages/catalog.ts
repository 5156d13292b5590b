import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The auth screen's texts: Spanish bundled (the screen starts in Spanish), English loaded when chosen. */
export const authCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
