import type { Page } from '@playwright/test';

/** The toast whose text holds `title`: a status (success, information) or an alert (failure). */
export const toast = (page: Page, title: string) =>
  page.getByRole('status').filter({ hasText: title }).or(page.getByRole('alert').filter({ hasText: title })).first();
