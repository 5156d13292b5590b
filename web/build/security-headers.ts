import { createHash } from 'node:crypto';

/**
 * The security headers of the SPA's pages, in one place: the build writes them into `_headers` next to
 * index.html (Netlify / Cloudflare Pages format, see security-headers-plugin.ts) and the local stack sends
 * that file's headers (local/static.ts), so a static host and the stack serve the same policy.
 *
 * Content-Security-Policy, source by source:
 * - default-src 'self': anything not named below (fonts, the manifest, workers) comes from the app's origin.
 * - script-src 'self' + the hash of each inline script of index.html (the route preloader that
 *   build/route-preload.ts writes): no 'unsafe-inline', no 'unsafe-eval', so an injected inline script or
 *   event handler does not run. https://js.stripe.com and https://*.js.stripe.com: Stripe.js, which
 *   @stripe/stripe-js loads for Stripe Elements when the build has a publishable key (Stripe requires it
 *   be loaded from js.stripe.com, never bundled).
 * - style-src 'self' + the hash of the stylesheet the build inlines into index.html (build/inline-css.ts)
 *   and the built CSS files. React's `style` props and Headless UI set styles through the
 *   CSSOM (element.style), which CSP does not govern, so no 'unsafe-inline' is needed.
 * - img-src 'self' data: https:: avatars and portfolio images are URLs users give (any https host);
 *   data: for inline images.
 * - media-src 'self' + the Supabase URL: portfolio videos play from the project's public Storage URLs,
 *   drafts from Storage's signed URLs (decisions 0048, 0049), on the API's origin.
 * - connect-src 'self': the API, auth and the realtime websocket on the app's origin (CSP 3's 'self'
 *   covers ws:/wss: to the same host), plus the Supabase URL the build was given (VITE_SUPABASE_URL, with
 *   its wss: form for Realtime), and https://api.stripe.com for Stripe.js.
 * - frame-src: Stripe Elements' iframes (js.stripe.com) and its 3-D Secure frames (hooks.stripe.com).
 * - object-src 'none', base-uri 'self', form-action 'self', frame-ancestors 'none' (as X-Frame-Options).
 */
export const STRIPE_SCRIPT = ['https://js.stripe.com', 'https://*.js.stripe.com'];
export const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
export const STRIPE_API = ['https://api.stripe.com'];

export interface PolicyOptions {
  /** VITE_SUPABASE_URL when the API is on another origin than the app. */
  supabaseUrl?: string;
  /** CSP hash sources ('sha256-...') of the inline style elements of the page (the inlined stylesheet). */
  styleHashes?: string[];
  /** CSP hash sources ('sha256-...') of the inline scripts the page may run. */
  scriptHashes?: string[];
}

/** The origins of a Supabase URL the app talks to: the http(s) one and its ws(s) form for Realtime. */
function supabaseOrigins(url: string | undefined): string[] {
  if (!url) return [];
  const u = new URL(url);
  const ws = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return [u.origin, `${ws}//${u.host}`];
}

export function contentSecurityPolicy(o: PolicyOptions = {}): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(o.scriptHashes ?? []), ...STRIPE_SCRIPT]],
    ['style-src', ["'self'", ...(o.styleHashes ?? [])]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['media-src', ["'self'", ...supabaseOrigins(o.supabaseUrl).slice(0, 1)]],
    ['connect-src', ["'self'", ...supabaseOrigins(o.supabaseUrl), ...STRIPE_API]],
    ['frame-src', STRIPE_FRAMES],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The CSP hash sources of the inline scripts (no src attribute) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${m[1]}`) || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The CSP hash sources of the <style> elements of an HTML page (the build inlines its stylesheet). */
export function inlineStyleHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (m[1]) hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Every security header of a page of the SPA (ASVS 14.4), its inline scripts and styles allowed by hash. */
export function pageSecurityHeaders(html: string, o: { supabaseUrl?: string } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ supabaseUrl: o.supabaseUrl, scriptHashes: inlineScriptHashes(html), styleHashes: inlineStyleHashes(html) }),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** A `_headers` file (Netlify and Cloudflare Pages) giving every path these headers. */
export function headersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '# Written by the web build (web/build/security-headers.ts); the local stack sends the same headers.',
    '/*',
    ...lines,
    '',
  ].join('\n');
}

/** The headers a `_headers` file gives to `/*`. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inBlock = false;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inBlock = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inBlock && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
