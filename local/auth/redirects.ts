import { isIP } from 'node:net';
import type { AuthRequest } from './request.ts';
import type { EmailSettings } from './email-settings.ts';

const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const isLocalhost = (host: string) => LOCALHOSTS.has(host) || host.endsWith('.localhost');

/**
 * Characters no redirect_to may hold anywhere. A browser drops tabs and newlines, trims spaces and C0
 * controls, and reads `\` as `/` in http(s) URLs, so a string holding any of them can be read one way by a
 * check and another by the browser (issue 29: `http://evil.example\@site/` is user info to Go's parser
 * and a path to Chromium). Also refused: other whitespace and invisible format characters (U+00A0,
 * U+2028, zero-width and bidi marks), and the look-alikes of `\`, `/` and `@` that IDNA maps onto them.
 */
const REFUSED_CHARACTERS = /[\\\s\u0000-\u001f\u007f-\u009f\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufe68\uff0f\uff20\uff3c]/u;

/** Schemes whose "page" is script or local content: never a redirect, whatever the allow list says. */
const NEVER_SCHEMES = new Set(['javascript:', 'vbscript:', 'data:', 'blob:', 'file:', 'filesystem:', 'about:']);

/** WHATWG's special schemes: their host is parsed as a domain (IDNA, IPv4 shorthands, percent-decoding). */
const SPECIAL_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:']);

/**
 * The redirect_to as a browser will open it (WHATWG URL parsing: `new URL`), or null when it must be
 * refused: unparsable or relative, holding a refused character, naming user info, a script scheme, or an
 * http(s) URL whose host as written is not the host the browser goes to (percent-encoded or Unicode
 * hosts, numeric IPv4 shorthands, `http:host` without `//`): what the check compares must be exactly
 * what the browser opens.
 */
export function browserRedirectUrl(raw: string): URL | null {
  if (!raw || REFUSED_CHARACTERS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (NEVER_SCHEMES.has(url.protocol) || url.username || url.password) return null;
  if (SPECIAL_SCHEMES.has(url.protocol)) {
    const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(raw)?.[1];
    if (authority === undefined || authority.includes('@')) return null;
    const writtenHost = authority.replace(/:[0-9]*$/, '').toLowerCase();
    if (writtenHost !== url.hostname) return null;
  }
  return url;
}

/** The host without an IPv6 address's brackets. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

function isLoopbackIp(host: string): boolean {
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function escapeRegex(c: string): string {
  return c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * gobwas/glob with '.' and '/' as separators, the syntax of GoTrue's URI allow list: `*` is any run without
 * a separator, `**` any run at all, `?` one non-separator, `[...]`/`[!...]` a class, `{a,b}` alternatives.
 */
export function globToRegExp(pattern: string): RegExp {
  let out = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) out += escapeRegex(pattern[++i]!);
    else if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^./]*';
    else if (c === '?') out += '[^./]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        out += body.startsWith('!') ? `[^${body.slice(1).replace(/[\\\]^]/g, '\\$&')}]` : `[${body.replace(/[\\\]^]/g, '\\$&')}]`;
        i = end;
      }
    } else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += escapeRegex(c);
  }
  return new RegExp(`^${out}$`);
}

/**
 * GoTrue's IsRedirectURLValid, on the URL a browser will open (browserRedirectUrl): back to the site URL
 * (same scheme and host; any port on localhost), any loopback IP, or a match of the allow list ([auth]
 * additional_redirect_urls, GoTrue's globs, matched without the fragment). Hosts spelled with unusual
 * characters are refused before the list is tried.
 */
export function isRedirectUrlValid(settings: Pick<EmailSettings, 'siteUrl' | 'redirectAllowList'>, redirectUrl: string): boolean {
  const ref = browserRedirectUrl(redirectUrl);
  if (!ref) return false;
  let base: URL;
  try {
    base = new URL(settings.siteUrl);
  } catch {
    return false;
  }
  const refHost = bare(ref.hostname);
  if (bare(base.hostname) === refHost && base.protocol === ref.protocol && (base.port === ref.port || isLocalhost(refHost))) return true;
  const isHttp = ref.protocol === 'http:' || ref.protocol === 'https:';
  if (isIP(refHost)) return isLoopbackIp(refHost);
  if (isHttp && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(refHost)) return false;
  const withoutFragment = redirectUrl.split('#')[0]!;
  return settings.redirectAllowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/**
 * GoTrue's GetReferrer: the request's redirect_to (header, query or form) when allowed, else its Referer
 * when allowed, else the site URL. Email links and /verify redirects go there.
 */
export function referrer(r: AuthRequest, settings: Pick<EmailSettings, 'siteUrl' | 'redirectAllowList'>): string {
  const header = r.req.headers.redirect_to;
  const asked = (Array.isArray(header) ? header[0] : header) || r.url.searchParams.get('redirect_to') || '';
  if (isRedirectUrlValid(settings, asked)) return asked;
  const referer = r.req.headers.referer ?? '';
  if (isRedirectUrlValid(settings, referer)) return referer;
  return settings.siteUrl;
}
