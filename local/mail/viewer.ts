import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService } from '../context.ts';
import { sendJson, sendRaw } from '../http/io.ts';
import type { MailCatcher } from './catcher.ts';
import { isCrossOrigin, mayViewMail } from './viewer-access.ts';
import { listMail, mailDetail } from './viewer-api.ts';
import { MAIL_VIEWER_PATH } from './viewer-html.ts';
import { framedHtml, listPage, messagePage } from './viewer-pages.ts';

export { MAIL_VIEWER_PATH };

/** Mail, headers and links here are secrets (recovery links): never cached, never sent on as a Referer. */
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' };

/** The email HTML runs nothing and fetches nothing but images; only the viewer's own pages may frame it. */
const EMAIL_CSP = "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'";

/**
 * The mail viewer at /_mail (what Inbucket/Mailpit are to the Supabase CLI): pages to read what the
 * catcher caught, and a JSON API shaped after Mailpit's v1 for tests. Served to this machine only.
 */
export function createMailViewer(catcher: MailCatcher): HttpService {
  return {
    async handle(req, res, subpath, url) {
      // CORS headers the gateway added for every API: none of them may apply to the viewer.
      for (const h of ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Expose-Headers']) res.removeHeader(h);
      // A 404, not a 403: to anyone else the viewer does not exist.
      if (!mayViewMail(req)) return notFound(res);
      if (isCrossOrigin(req)) return sendJson(res, 403, { error: 'cross-origin requests are refused' }, PRIVATE);
      return route(catcher, req, res, subpath, url);
    },
  };
}

function route(catcher: MailCatcher, req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): void {
  const method = req.method ?? 'GET';
  const path = subpath.replace(/\/+$/, '') || '/';
  if (path === '/api/v1/messages') {
    if (method === 'GET') return sendJson(res, 200, listMail(catcher, url.searchParams.get('to') ?? undefined), PRIVATE);
    if (method === 'DELETE') {
      catcher.clear();
      return sendJson(res, 200, { deleted: true }, PRIVATE);
    }
    return notAllowed(res, 'GET, DELETE');
  }
  const part = /^\/api\/v1\/message\/([^/]+)\/part\/([^/]+)$/.exec(path);
  if (part) {
    if (method !== 'GET') return notAllowed(res, 'GET');
    const file = catcher.get(part[1]!)?.attachments.find((a) => a.partId === part[2]);
    if (!file) return notFound(res);
    // Served as a download, never rendered by the viewer's origin.
    return sendRaw(res, 200, file.content, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      ...PRIVATE,
    });
  }
  const api = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
  if (api) {
    if (method !== 'GET') return notAllowed(res, 'GET');
    const mail = catcher.get(api[1]!);
    return mail ? sendJson(res, 200, mailDetail(mail), PRIVATE) : notFound(res);
  }
  if (path === '/delete') {
    if (method !== 'POST') return notAllowed(res, 'POST');
    catcher.clear();
    return sendRaw(res, 303, undefined, { Location: `${MAIL_VIEWER_PATH}/`, ...PRIVATE });
  }
  if (method !== 'GET') return notAllowed(res, 'GET');
  if (path === '/') {
    const filter = url.searchParams.get('to')?.trim() ?? '';
    return sendPage(res, (nonce) => listPage(listMail(catcher, filter || undefined), filter, `${catcher.host}:${catcher.port}`, nonce));
  }
  const page = /^\/messages\/([^/]+)(\/html)?$/.exec(path);
  const mail = page ? catcher.get(page[1]!) : undefined;
  if (!page || !mail) return notFound(res);
  if (!page[2]) return sendPage(res, (nonce) => messagePage(mailDetail(mail), nonce));
  if (mail.html === null) return notFound(res);
  return sendRaw(res, 200, framedHtml(mail.html), { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': EMAIL_CSP, ...PRIVATE });
}

function sendPage(res: ServerResponse, render: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  sendRaw(res, 200, render(nonce), {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    ...PRIVATE,
  });
}

function notFound(res: ServerResponse): void {
  sendJson(res, 404, { error: 'not found' }, PRIVATE);
}

function notAllowed(res: ServerResponse, allow: string): void {
  sendJson(res, 405, { error: 'method not allowed' }, { Allow: allow, ...PRIVATE });
}
