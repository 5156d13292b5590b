import { defineCatalog } from './use-t';
import type en from './messages/en.json';

/** What every screen may say: the language switch and words shared across features. */
export const commonCatalog = defineCatalog<typeof en>({
  es: () => import('./messages/es.json').then((m) => m.default),
  en: () => import('./messages/en.json').then((m) => m.default),
  pt: () => import('./messages/pt.json').then((m) => m.default),
});
