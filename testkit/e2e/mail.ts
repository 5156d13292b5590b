import type { Page } from '@playwright/test';
import { type CaughtMailMessage, clearMail, waitForMail, type WaitForMailOptions } from '../mail.ts';
import { stackUrl } from './clients.ts';

export type { CaughtMailMessage, WaitForMailOptions };

/** waitForMail on the stack under test. */
export function waitForEmail(opts: WaitForMailOptions): Promise<CaughtMailMessage> {
  return waitForMail(stackUrl(), opts);
}

export function clearEmails(): Promise<void> {
  return clearMail(stackUrl());
}

/**
 * Opens the email in the mail viewer, as a developer reads it: its links are then ordinary <a> elements
 * under "Links in this email" (e.g. `page.getByRole('link', { name: /type=recovery/ })`), since the HTML
 * part's own frame is sandboxed. They open in a new tab: wait for `page.waitForEvent('popup')` on click.
 */
export async function openEmail(page: Page, mail: Pick<CaughtMailMessage, 'id'>): Promise<void> {
  await page.goto(`${stackUrl()}/_mail/messages/${encodeURIComponent(mail.id)}`);
}
