import { defineCatalog, type MessageValues } from '@/i18n/use-t';
import es from './es.json';
import type en from './en.json';

/** The analytics screen's texts: Spanish bundled like every feature's (the default language), English loaded when chosen. */
export const analyticsCatalog = defineCatalog<typeof en>({
  es,
  en: () => import('./en.json').then((m) => m.default),
});

/** The translate function of this catalog (useT(analyticsCatalog).t). */
export type AnalyticsT = (key: keyof typeof en, values?: MessageValues) => string;
