import { HttpError } from '../_shared/http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The facade authenticates by cookie, which a browser attaches to requests other pages make. SameSite=Lax
 * only stops other *sites*: a page on another port of the same host, or a form posting text/plain, still
 * sent it. So a write must (1) be JSON: an HTML form cannot send application/json, and a cross-origin
 * fetch that does is preflighted, which only allowed origins pass; and (2) not come from a page of
 * another origin, by the browser's own Sec-Fetch-Site, or by Origin where that header is missing.
 * Clients that are not browsers send neither header and hold their cookie deliberately: they pass.
 */
export function refuseCrossSiteWrite(req: Request, allowedOrigins: readonly string[]): void {
  if (SAFE_METHODS.has(req.method)) return;
  const type = req.headers.get('content-type');
  // Judged by the headers: a runtime may give a bodiless DELETE an empty stream.
  const length = req.headers.get('content-length');
  const hasBody = (length !== null && length !== '0') || req.headers.has('transfer-encoding');
  if ((type || hasBody) && !isJson(type)) {
    throw new HttpError(415, 'Content-Type must be application/json', 'unsupported_media_type');
  }
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  if (origin && allowedOrigins.includes(origin)) return;
  if (site ? site !== 'same-origin' && site !== 'none' : origin !== null && origin !== ownOrigin(req)) {
    throw new HttpError(403, 'Cross-site request refused', 'cross_site_request');
  }
}

function isJson(type: string | null): boolean {
  return !!type && /^application\/json\s*(;|$)/i.test(type.trim());
}

/** The origin the browser addressed (behind a proxy or rewrite: X-Forwarded-Host and -Proto). */
function ownOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? url.host;
  const proto = req.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

/** ALLOWED_ORIGINS: comma-separated origins besides the site's own that may write (e.g. a second front end). */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '').split(',').map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin);
}
