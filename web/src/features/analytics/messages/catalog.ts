import { defineCatalog, type MessageValues } from '@/i18n/use-t';
import type en from './en.json';

/** The analytics screen's texts: each language loaded on demand, only the reader's (decision 0040). */
export const analyticsCatalog = defineCatalog<typeof en>({
  es: () => import('./es.json').then((m) => m.default),
  en: () => import('./en.json').then((m) => m.default),
  pt: () => import('./pt.json').then((m) => m.default),
});

/** The translate function of this catalog (useT(analyticsCatalog).t). */
export type AnalyticsT = (key: keyof typeof en, values?: MessageValues) => string;
