/** The session the facade keeps for a browser: the Supabase access and refresh tokens. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Unix seconds when the access token expires. */
  expiresAt: number;
}

export const SESSION_COOKIE = 'sb-api-session';
/** Browsers drop cookies over 4096 bytes (name, value and attributes); refuse to write one that big. */
export const MAX_COOKIE_BYTES = 4000;
/** The refresh token keeps a session alive; a week without a visit ends it. */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Reads the session cookie of a request, or null when absent or unreadable. */
export function readSessionCookie(req: Request): StoredSession | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    try {
      const json = JSON.parse(fromBase64Url(part.slice(eq + 1).trim()));
      if (typeof json.a === 'string' && typeof json.r === 'string' && typeof json.e === 'number') {
        return { accessToken: json.a, refreshToken: json.r, expiresAt: json.e };
      }
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Set-Cookie for a session: HttpOnly (scripts never see the tokens), SameSite=Lax (no cross-site POSTs),
 * Path=/api (sent only to the facade), Secure unless the site is served from localhost over http.
 */
export function sessionCookie(session: StoredSession, req: Request): string {
  const value = toBase64Url(JSON.stringify({ a: session.accessToken, r: session.refreshToken, e: session.expiresAt }));
  const cookie = `${SESSION_COOKIE}=${value}; ${attributes(req)}; Max-Age=${MAX_AGE_SECONDS}`;
  if (new TextEncoder().encode(cookie).length > MAX_COOKIE_BYTES) throw new Error('session cookie over 4 KB');
  return cookie;
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookie(req: Request): string {
  return `${SESSION_COOKIE}=; ${attributes(req)}; Max-Age=0`;
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
