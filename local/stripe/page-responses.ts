import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, sendRaw } from '../http/io.ts';
import { checkApiKey } from './api-auth.ts';
import { messagePage } from './checkout-html.ts';
import type { StripeDoubleConfig } from './config.ts';
import type { StripeApiError } from './stripe-error.ts';

/**
 * Sends a test page. The nonce lets its inline style through a strict CSP; `formTargets` are the origins
 * the page's form may end up on, since form-action also governs where its POST is redirected.
 */
export function sendHtml(res: ServerResponse, status: number, render: (nonce: string) => string, formTargets: (URL | undefined)[] = []): void {
  const nonce = randomBytes(16).toString('base64');
  const origins = new Set(formTargets.filter((u): u is URL => u !== undefined).map((u) => u.origin));
  const formAction = ["'self'", ...origins].join(' ');
  sendRaw(res, status, render(nonce), {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Test pages' URLs hold secrets (a client secret, an account link token): never send them onwards.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
}

export function sendMessage(
  res: ServerResponse,
  status: number,
  title: string,
  text: string,
  link?: { href: string; text: string },
  language?: { lang: string; testMode: string },
): void {
  sendHtml(res, status, (nonce) => messagePage({ title, message: text, link, nonce, ...language }));
}

export function redirectTo(res: ServerResponse, location: string): void {
  sendRaw(res, 303, undefined, { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

export async function readForm(req: IncomingMessage, maxBytes: number): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, maxBytes)).toString('utf8'));
}

/** For the control endpoints (resend, test helpers): the secret key, else Stripe's 401 as JSON. */
export function secretKeyRefused(req: IncomingMessage, res: ServerResponse, config: StripeDoubleConfig): boolean {
  try {
    checkApiKey(req, config);
    return false;
  } catch (e) {
    const err = e as StripeApiError;
    sendJson(res, err.status, { error: err.body }, err.headers);
    return true;
  }
}
