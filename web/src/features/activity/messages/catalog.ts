import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The activity history's texts: Spanish bundled (creators read them in Spanish), English loaded when chosen. */
export const activityCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
