/** The session the facade keeps for a browser: the Supabase access and refresh tokens. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Unix seconds when the access token expires. */
  expiresAt: number;
}

export const SESSION_COOKIE = 'sb-api-session';
/** Browsers drop cookies over 4096 bytes (name, value and attributes); no cookie we write comes near it. */
export const MAX_COOKIE_BYTES = 4000;
/**
 * A session too big for one cookie (the access token carries the user's metadata) is split into
 * `sb-api-session.0`, `.1`, ... as Supabase's SSR helpers do; this is the value size of each part.
 */
const CHUNK_CHARS = 3000;
/** At most this many parts are read or cleared (the metadata cap keeps a session well below it). */
const MAX_CHUNKS = 10;
/** The refresh token keeps a session alive; a week without a visit ends it. */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Reads the session cookie of a request (whole or in parts), or null when absent or unreadable. */
export function readSessionCookie(req: Request): StoredSession | null {
  const jar = parseCookies(req.headers.get('cookie'));
  let value = jar.get(SESSION_COOKIE);
  if (value === undefined && jar.has(`${SESSION_COOKIE}.0`)) {
    value = '';
    for (let i = 0; i < MAX_CHUNKS && jar.has(`${SESSION_COOKIE}.${i}`); i++) value += jar.get(`${SESSION_COOKIE}.${i}`);
  }
  if (!value) return null;
  try {
    const json = JSON.parse(fromBase64Url(value));
    if (typeof json.a === 'string' && typeof json.r === 'string' && typeof json.e === 'number') {
      return { accessToken: json.a, refreshToken: json.r, expiresAt: json.e };
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * Set-Cookie lines for a session: HttpOnly (scripts never see the tokens), SameSite=Lax (no cross-site
 * POSTs), Path=/api (sent only to the facade), Secure unless the site is served from localhost over http.
 * One cookie when it fits, parts otherwise; whichever form the request carried before is cleared.
 */
export function sessionCookies(session: StoredSession, req: Request): string[] {
  const value = toBase64Url(JSON.stringify({ a: session.accessToken, r: session.refreshToken, e: session.expiresAt }));
  const attrs = `${attributes(req)}; Max-Age=${MAX_AGE_SECONDS}`;
  const whole = `${SESSION_COOKIE}=${value}; ${attrs}`;
  const present = parseCookies(req.headers.get('cookie'));
  if (new TextEncoder().encode(whole).length <= MAX_COOKIE_BYTES) {
    return [whole, ...chunkNames(present).map((name) => cleared(name, req))];
  }
  const parts: string[] = [];
  for (let i = 0; i * CHUNK_CHARS < value.length; i++) {
    parts.push(`${SESSION_COOKIE}.${i}=${value.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS)}; ${attrs}`);
  }
  if (parts.length > MAX_CHUNKS) throw new Error(`session cookie over ${MAX_CHUNKS} parts`);
  const stale = chunkNames(present).filter((name) => Number(name.split('.').pop()) >= parts.length);
  return [...parts, ...(present.has(SESSION_COOKIE) ? [cleared(SESSION_COOKIE, req)] : []), ...stale.map((name) => cleared(name, req))];
}

/** Set-Cookie lines that remove the session cookie and any parts of it the request carried. */
export function clearedSessionCookies(req: Request): string[] {
  return [SESSION_COOKIE, ...chunkNames(parseCookies(req.headers.get('cookie')))].map((name) => cleared(name, req));
}

function cleared(name: string, req: Request): string {
  return `${name}=; ${attributes(req)}; Max-Age=0`;
}

function chunkNames(jar: Map<string, string>): string[] {
  return [...jar.keys()].filter((name) => name.startsWith(`${SESSION_COOKIE}.`) && /^\d+$/.test(name.slice(SESSION_COOKIE.length + 1)));
}

function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

function attributes(req: Request): string {
  return ['Path=/api', 'HttpOnly', 'SameSite=Lax', ...(isLocalhost(req) ? [] : ['Secure'])].join('; ');
}

/** The site's host as the browser sees it (behind the gateway: X-Forwarded-Host, then Host). */
function isLocalhost(req: Request): boolean {
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? new URL(req.url).host;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  const proto = req.headers.get('x-forwarded-proto') ?? new URL(req.url).protocol.replace(':', '');
  return proto !== 'https' && (name === 'localhost' || name === '127.0.0.1' || name === '::1' || name.endsWith('.localhost'));
}

function toBase64Url(text: string): string {
  let bin = '';
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const bin = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}
