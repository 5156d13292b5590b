import { readFileSync } from 'node:fs';
import { oneLine } from '../../supabase/functions/_shared/one-line.ts';
import type { EmailSettings } from './email-settings.ts';
import { renderGoTemplate, TemplateError, type TemplateData } from './go-template.ts';

/** The account emails this stack sends, by GoTrue's template names. */
export type EmailKind = 'confirmation' | 'recovery' | 'email_change';

/** GoTrue's built-in subjects and bodies, used when config.toml sets none or a template does not parse. */
const DEFAULTS: Record<EmailKind, { subject: string; body: string }> = {
  confirmation: {
    subject: 'Confirm your email address',
    body: `<h2>Confirm your email address</h2>
<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  },
  recovery: {
    subject: 'Reset your password',
    body: `<h2>Reset your password</h2>
<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    body: `<h2>Confirm your new email address</h2>
<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  },
};

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders one account email as GoTrue's template mailer does: subject and body are both Go templates over
 * the same data (SiteURL, ConfirmationURL, Email, NewEmail, Token, TokenHash, RedirectTo, Data). A file
 * that cannot be read or parsed falls back to GoTrue's default, as its template cache does; `log` says so.
 * The text part is derived from the HTML (GoTrue sends HTML only; a text part helps plain-text readers).
 */
export function renderEmail(kind: EmailKind, settings: Pick<EmailSettings, 'templates'>, data: TemplateData, log: (line: string) => void = () => undefined): RenderedEmail {
  const configured = settings.templates[kind] ?? {};
  const subject = attempt(configured.subject, DEFAULTS[kind].subject, data, `subject of ${kind}`, log);
  let body: string | undefined;
  if (configured.contentPath) {
    try {
      body = readFileSync(configured.contentPath, 'utf8');
    } catch (e) {
      log(`auth: cannot read the ${kind} email template ${configured.contentPath}: ${(e as Error).message}; using GoTrue's default`);
    }
  }
  const html = attempt(body, DEFAULTS[kind].body, data, `${kind} email template`, log);
    // A header is one line: user metadata in a subject template (a full name) must not add lines.
  return { subject: oneLine(subject), html, text: htmlToText(html) };
}

function attempt(source: string | undefined, fallback: string, data: TemplateData, what: string, log: (line: string) => void): string {
  if (source !== undefined) {
    try {
      return renderGoTemplate(source, data);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      log(`auth: the ${what} does not parse (${e.message}); using GoTrue's default`);
    }
  }
  return renderGoTemplate(fallback, data);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A readable plain-text version: block ends and <br> become line breaks, links keep their address. Only
 * those break lines. Whitespace in the markup, an encoded &#10;, and any line or paragraph separator or
 * control character a template's data brings in (a full name with CR/LF) is one space, as a browser
 * shows it, so user text cannot start lines of its own in the text part.
 */
export function htmlToText(html: string): string {
  const lines = html
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // Still encoded and with the markup's own line breaks: each line is decoded and flattened below.
    .replace(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const shown = label.replace(/<[^>]*>/g, '');
      return oneLine(shown) && oneLine(shown) !== oneLine(href) ? `${shown}: ${href}` : href;
    })
    .split(/<br\s*\/?>|<\/(?:p|div|h[1-6]|tr|li|table)>/i);
  return lines
    .map((line) => oneLine(decodeEntities(line.replace(/<[^>]*>/g, ''))))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
