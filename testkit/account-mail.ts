import type { CaughtMail } from '../local/mail/catcher.ts';
import { eventually } from './eventually.ts';
import type { TestStack } from './test-stack.ts';

/** Helpers for the account-email suites (not a test file itself). */

/** The mails caught for this address, newest first. */
export function mailsTo(stack: TestStack, address: string): CaughtMail[] {
  return stack.stack.ctx.mail.catcher!.list().filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()));
}

/** Waits until `count` mails have reached the address (they are sent after the answer). */
export async function waitForMails(stack: TestStack, address: string, count = 1): Promise<CaughtMail[]> {
  return eventually(async () => mailsTo(stack, address), (m) => m.length >= count, 10_000);
}

/** The /auth/v1/verify link of a mail's text part. */
export function verifyLinkOf(mail: CaughtMail): string {
  const m = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text);
  if (!m) throw new Error(`no verify link in: ${mail.text}`);
  return m[1]!;
}

/** The 6-digit code, alone on its line in the text part. */
export function codeOf(mail: CaughtMail): string {
  const m = /^(\d{6})$/m.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1]!;
}

/** Follows a link without following the redirect: its status, Location, and the Location's fragment. */
export async function follow(link: string): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  return { status: res.status, location, fragment: new URLSearchParams(location.split('#')[1] ?? '') };
}
