import type { Locator, Page } from '@playwright/test';
import { type Lang, text } from './catalog-text.ts';

/**
 * The brand's payments on /payments/history, one locator for each width: the table's body rows from
 * 640 px, the cards below (the other is hidden, and hidden elements have no role to find).
 */
export function paymentEntries(page: Page, lang: Lang = 'en'): Locator {
  const rows = page.getByRole('table', { name: text(lang, 'payments.history.caption') }).getByRole('row').filter({ has: page.getByRole('cell') });
  const cards = page.getByRole('list', { name: text(lang, 'payments.history.list') }).getByRole('listitem');
  return rows.or(cards);
}
