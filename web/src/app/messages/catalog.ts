import { defineCatalog } from '@/i18n/use-t';
import type en from './en.json';

/** The app's own screens: landing, not found, the signed-in shell's states and the routes' headings. */
export const appCatalog = defineCatalog<typeof en>({
  es: () => import('./es.json').then((m) => m.default),
  en: () => import('./en.json').then((m) => m.default),
  pt: () => import('./pt.json').then((m) => m.default),
});
