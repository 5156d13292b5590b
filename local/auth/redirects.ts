import { isIP } from 'node:net';
import type { AuthRequest } from './request.ts';
import type { EmailSettings } from './email-settings.ts';

const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const isLocalhost = (host: string) => LOCALHOSTS.has(host.toLowerCase()) || host.toLowerCase().endsWith('.localhost');

/**
 * The host as Go's url.Parse reads it: as written (WHATWG would turn "2130706433" into "127.0.0.1" and
 * lower-case it), without the brackets of an IPv6 address.
 */
function hostname(u: URL, raw: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(raw);
  return (m ? m[1]! : u.hostname).replace(/^\[(.*)\]$/, '$1');
}

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
 * GoTrue's IsRedirectURLValid: back to the site URL (same scheme and host; any port on localhost), any
 * loopback IP, or a match of the allow list ([auth] additional_redirect_urls). Hosts spelled as a
 * decimal number or with unusual characters are refused before the list is tried.
 */
export function isRedirectUrlValid(settings: Pick<EmailSettings, 'siteUrl' | 'redirectAllowList'>, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  let base: URL;
  let ref: URL;
  try {
    base = new URL(settings.siteUrl);
    ref = new URL(redirectUrl);
  } catch {
    return false;
  }
  const refHost = hostname(ref, redirectUrl);
  if (hostname(base, settings.siteUrl) === refHost && base.protocol === ref.protocol && (base.port === ref.port || isLocalhost(refHost))) return true;
  const isHttp = ref.protocol === 'http:' || ref.protocol === 'https:';
  if (/^[0-9]+$/.test(refHost)) return false;
  if (isIP(refHost)) return isLoopbackIp(refHost);
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(refHost)) return false;
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
