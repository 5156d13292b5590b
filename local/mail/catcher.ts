import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as the catcher received it, parsed. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  messageId: string | null;
  from: string;
  /** Envelope recipients (RCPT TO), which include Bcc. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  size: number;
  /** Files the email carries (a receipt's PDF), with their bytes: the viewer serves each as a part. */
  attachments: CaughtAttachment[];
}

export interface CaughtAttachment {
  /** Its number among the email's attachments, from 1: the `part` of /_mail/api/v1/message/:id/part/:part. */
  partId: string;
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export interface MailCatcher {
  /** The SMTP port it listens on (the OS's pick when asked for 0). */
  port: number;
  host: string;
  /** Newest first. */
  list(): CaughtMail[];
  get(id: string): CaughtMail | undefined;
  clear(): void;
  close(): Promise<void>;
}

/**
 * The local stack's SMTP server (what Inbucket/Mailpit are to the Supabase CLI): it accepts every message
 * without authentication, delivers nothing, and keeps the latest `limit` in memory for the mail viewer.
 */
export async function startMailCatcher(opts: { host: string; port: number; limit?: number; log?: (line: string) => void }): Promise<MailCatcher> {
  const limit = opts.limit ?? 500;
  const mails: CaughtMail[] = [];
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'local mail catcher',
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
            mails.unshift({
              id: String(++seq),
              receivedAt: new Date().toISOString(),
              messageId: parsed.messageId ?? null,
              from: addressText(parsed.from),
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              headers,
              size: raw.length,
              attachments: parsed.attachments.map((a, i) => ({
                partId: String(i + 1),
                filename: a.filename ?? `attachment-${i + 1}`,
                contentType: a.contentType,
                size: a.content.length,
                content: a.content,
              })),
            });
            mails.length = Math.min(mails.length, limit);
            callback();
          })
          .catch((e: Error) => {
            opts.log?.(`mail catcher: could not parse a message: ${e.message}`);
            callback(e);
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e: Error) => opts.log?.(`mail catcher: ${e.message}`));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return {
    port,
    host: opts.host,
    list: () => [...mails],
    get: (id) => mails.find((m) => m.id === id),
    clear: () => {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressText(from: AddressObject | AddressObject[] | undefined): string {
  if (!from) return '';
  return (Array.isArray(from) ? from : [from]).map((a) => a.text).join(', ');
}
