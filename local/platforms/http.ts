import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, sendRaw } from '../http/io.ts';

export { sendJson, sendRaw };

const MAX_BODY_BYTES = 64 * 1024;

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, MAX_BODY_BYTES)).toString('utf8'));
}

/** A JSON body, or undefined when it is not an object (the caller answers its platform's invalid_params). */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const text = (await readBody(req, MAX_BODY_BYTES)).toString('utf8');
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** A consent page: its inline style through a strict CSP by nonce; the form posts back to the same URL. */
export function sendHtml(res: ServerResponse, status: number, render: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  sendRaw(res, status, render(nonce), {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  sendRaw(res, status, text, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
}

export function redirect(res: ServerResponse, location: string): void {
  sendRaw(res, 302, undefined, { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

/**
 * The address this request reached the double on, up to its platform's base (e.g. …/platforms/instagram/graph):
 * where paging's `next` links point, so they lead back to the double whatever host the caller used.
 */
export function baseOf(req: IncomingMessage, url: URL, basePath: string): string {
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() || 'http';
  const host = req.headers.host ?? url.host;
  return `${proto}://${host}${basePath}`;
}
