import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The app's own screens: landing, not found, the signed-in shell's states and the routes' headings. */
export const appCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});
