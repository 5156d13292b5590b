import { defineCatalog } from '@/i18n/use-t';
import type en from './en.json';

/** Receipts and statements (decision 0057): each language loaded on demand (decision 0040). */
export const documentsCatalog = defineCatalog<typeof en>({
  es: () => import('./es.json').then((m) => m.default),
  en: () => import('./en.json').then((m) => m.default),
  pt: () => import('./pt.json').then((m) => m.default),
});
