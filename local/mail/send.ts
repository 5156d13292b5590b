import nodemailer from 'nodemailer';

/** Where the stack's own emails go: the catcher's SMTP port, or the server named by SMTP_HOST. */
export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** The From of every email, e.g. "Marketplace <no-reply@example.com>" (EMAIL_FROM). */
  from: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Sends through SMTP with nodemailer (the edge function uses the same library under Deno). */
export function createMailer(smtp: () => SmtpSettings): Mailer {
  return {
    async send(mail) {
      const s = smtp();
      const transport = nodemailer.createTransport({
        host: s.host,
        port: s.port,
        secure: s.secure,
        auth: s.user ? { user: s.user, pass: s.pass ?? '' } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      try {
        await transport.sendMail({ from: s.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, attachments: mail.attachments });
      } finally {
        transport.close();
      }
    },
  };
}
