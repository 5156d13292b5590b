import { defineCatalog } from '@/i18n/use-t';
import type en from './en.json';

/** The reviews texts: each language loaded on demand, only the reader's (decision 0040). */
export const reviewsCatalog = defineCatalog<typeof en>({
  es: () => import('./es.json').then((m) => m.default),
  en: () => import('./en.json').then((m) => m.default),
  pt: () => import('./pt.json').then((m) => m.default),
});
