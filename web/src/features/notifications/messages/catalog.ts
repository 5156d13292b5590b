import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The notifications' texts: Spanish bundled (the default language), English loaded when chosen. */
export const notificationsCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
