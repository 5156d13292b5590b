import { defineCatalog } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/**
 * The brand dashboard's figures. Spanish is bundled like every catalog (the default language); brands
 * read English, loaded on first use.
 */
export const brandDashboardCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});

