import es from './messages/es.json';
import { defineCatalog } from './use-t';
import type en from './messages/en.json';

/** What every screen may say: the language switch and words shared across features. */
export const commonCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./messages/en.json').then((m) => m.default),
});
