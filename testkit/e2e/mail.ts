import type { Page } from '@playwright/test';
import { type CaughtMailMessage, clearMail, waitForMail, type WaitForMailOptions } from '../mail.ts';
import { loadConfig } from '../runtime.ts';
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

/** Runs the emails function once, as the scheduler does each minute: what the outbox holds goes out now. */
export async function sendQueuedEmails(): Promise<{ sent: number; retrying: number; failed: number }> {
  const res = await fetch(`${stackUrl()}/functions/v1/emails/drain`, {
    method: 'POST',
    headers: { authorization: `Bearer ${loadConfig(process.env).serviceRoleKey}` },
  });
  const body = (await res.json()) as { sent: number; retrying: number; failed: number };
  if (!res.ok) throw new Error(`emails/drain answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}
