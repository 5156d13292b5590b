import type { CaughtAttachment, CaughtMail, MailCatcher } from './catcher.ts';
import { mailLinks } from './viewer-links.ts';

/** One row of the list (Mailpit's v1 message summary, reduced to what tests and the page need). */
export interface MailSummary {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  snippet: string;
}

export interface MailList {
  total: number;
  messages: MailSummary[];
}

/** An email as the API shows it: its attachments described, their bytes served as parts. */
export type MailDetail = Omit<CaughtMail, 'attachments'> & { links: string[]; attachments: Omit<CaughtAttachment, 'content'>[] };

const SNIPPET_LENGTH = 140;

/**
 * The caught mail, newest first. `to` keeps the messages with that envelope recipient, compared whole and
 * case-insensitively: a test waiting for ana@x.test must not be handed mariana@x.test's email.
 */
export function listMail(catcher: MailCatcher, to?: string): MailList {
  const wanted = to?.trim().toLowerCase();
  const mails = wanted ? catcher.list().filter((m) => m.to.some((r) => r.toLowerCase() === wanted)) : catcher.list();
  return { total: mails.length, messages: mails.map(summarize) };
}

export function mailDetail(mail: CaughtMail): MailDetail {
  return { ...mail, links: mailLinks(mail), attachments: mail.attachments.map(({ content: _bytes, ...described }) => described) };
}

function summarize(mail: CaughtMail): MailSummary {
  return { id: mail.id, receivedAt: mail.receivedAt, from: mail.from, to: mail.to, subject: mail.subject, snippet: snippet(mail) };
}

function snippet(mail: CaughtMail): string {
  const text = mail.text.trim() ? mail.text : stripTags(mail.html ?? '');
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1)}…` : flat;
}

/** Good enough for a preview line when a message has no text part; never rendered as HTML. */
function stripTags(html: string): string {
  return html.replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
}
