import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  /** The outbox row's id: the Message-ID and the API's idempotency key, the same on every attempt. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Files sent with the email (a receipt's PDF). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Bytes as standard base64, what both SMTP (nodemailer) and the email API take for a file. */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short on a large file.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A send that did not happen. `permanent`: the address was refused, trying again cannot help. */
export class SendFailure extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
  }
}

export interface EmailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface TransportEnv {
  smtp?: { host: string; port: number; user?: string; pass?: string; secure: boolean };
  /** An email API speaking Resend's `POST /emails` (EMAIL_API_URL, default Resend's). */
  api?: { url: string; key: string };
  /** The domain of Message-IDs. */
  domain: string;
}

/** Reads the transport from the environment: EMAIL_API_KEY (an email API) wins over SMTP_HOST. */
export function readTransportEnv(get: (name: string) => string | undefined = (n) => Deno.env.get(n)): TransportEnv {
  const from = get('EMAIL_FROM') ?? '';
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const key = get('EMAIL_API_KEY');
  if (key) return { api: { url: (get('EMAIL_API_URL') || 'https://api.resend.com').replace(/\/$/, ''), key }, domain };
  const host = get('SMTP_HOST');
  if (!host) throw new Error('set EMAIL_API_KEY (an email API) or SMTP_HOST (an SMTP server) for the emails function');
  return {
    smtp: { host, port: Number(get('SMTP_PORT') || 465), user: get('SMTP_USER') || undefined, pass: get('SMTP_PASS') || undefined, secure: get('SMTP_SECURE') !== 'false' && Number(get('SMTP_PORT') || 465) === 465 },
    domain,
  };
}

export function createTransport(env: TransportEnv, fetchFn: typeof fetch = fetch): EmailTransport {
  return env.api ? apiTransport(env.api, fetchFn) : smtpTransport(env.smtp!, env.domain);
}

/**
 * SMTP through nodemailer, with a small pool so a drain reuses connections. A 5xx answer to the
 * recipient (RCPT TO) is the server refusing the address for good; everything else (no connection,
 * timeouts, 4xx) may pass on a later attempt.
 */
function smtpTransport(smtp: NonNullable<TransportEnv['smtp']>, domain: string): EmailTransport {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      try {
        await transport.sendMail({
          from: email.from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
          attachments: (email.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: base64(a.content), encoding: 'base64' })),
          messageId: `<${email.id}@${domain}>`,
        });
      } catch (e) {
        const err = e as { responseCode?: number; command?: string; message?: string };
        const permanent = typeof err.responseCode === 'number' && err.responseCode >= 500 && err.command === 'RCPT TO';
        throw new SendFailure(err.message ?? String(e), permanent);
      }
    },
    close: () => transport.close(),
  };
}

/** Resend-compatible email API; its Idempotency-Key makes a retried send of the same row a no-op. */
function apiTransport(api: NonNullable<TransportEnv['api']>, fetchFn: typeof fetch): EmailTransport {
  return {
    async send(email) {
      let res: Response;
      try {
        res = await fetchFn(`${api.url}/emails`, {
          method: 'POST',
          headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json', 'idempotency-key': email.id },
          body: JSON.stringify({
            from: email.from,
            to: [email.to],
            subject: email.subject,
            html: email.html,
            text: email.text,
            headers: email.headers,
            // Resend's shape: the file's bytes as base64 in `content` (https://resend.com/docs/dashboard/emails/attachments).
            ...(email.attachments?.length
              ? { attachments: email.attachments.map((a) => ({ filename: a.filename, content: base64(a.content), content_type: a.contentType })) }
              : {}),
          }),
        });
      } catch (e) {
        throw new SendFailure(`email API unreachable: ${(e as Error).message}`, false);
      }
      if (res.ok) return;
      const body = await res.text();
      // 422: the API refused this message (an invalid address); 4xx for our key or limits and 5xx pass.
      throw new SendFailure(`email API ${res.status}: ${body.slice(0, 300)}`, res.status === 422);
    },
    close: () => undefined,
  };
}
