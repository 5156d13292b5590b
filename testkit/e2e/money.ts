import type { Page } from '@playwright/test';
import { FORMAT_TAG, type Locale } from '../../web/src/i18n/locales.ts';

/** Money as a page writes it, by the browser's own Intl (its ICU may differ from Node's): two decimals, USD. */
export const usd = (page: Page, cents: number, lang: Locale) =>
  page.evaluate(
    ([c, tag]) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100),
    [cents, FORMAT_TAG[lang]] as const,
  );
