import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims we read; other claims pass through untouched. */
export interface JwtClaims {
  role?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  nbf?: number;
  session_id?: string;
  email?: string;
  [key: string]: unknown;
}

export type JwtFailure =
  | { reason: 'empty'; message: string }
  | { reason: 'malformed'; message: string }
  | { reason: 'signature'; message: string }
  | { reason: 'expired'; message: string }
  | { reason: 'not_yet_valid'; message: string }
  | { reason: 'issued_in_future'; message: string };

export type JwtResult = { ok: true; claims: JwtClaims } | ({ ok: false } & JwtFailure);

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Clock skew PostgREST allows on exp, nbf and iat. */
const SKEW_SECONDS = 30;

/**
 * Verifies an HS256 token the way PostgREST does (signature, then exp/nbf/iat with 30 s of skew).
 * Messages match PostgREST's so clients see the same text.
 */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtResult {
  if (!token) return { ok: false, reason: 'empty', message: 'Empty JWT is sent in Authorization header' };
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` };
  }
  const [header, payload, signature] = parts as [string, string, string];
  let claims: JwtClaims;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (h.alg !== 'HS256') return { ok: false, reason: 'signature', message: 'JWT cryptographic operation failed' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtClaims;
    if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) throw new Error('claims');
  } catch {
    return { ok: false, reason: 'malformed', message: 'JWT cryptographic operation failed' };
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature', message: 'JWT cryptographic operation failed' };
  }
  if (typeof claims.exp === 'number' && nowSeconds - SKEW_SECONDS >= claims.exp) {
    return { ok: false, reason: 'expired', message: 'JWT expired' };
  }
  if (typeof claims.nbf === 'number' && nowSeconds + SKEW_SECONDS < claims.nbf) {
    return { ok: false, reason: 'not_yet_valid', message: 'JWT not yet valid' };
  }
  if (typeof claims.iat === 'number' && nowSeconds + SKEW_SECONDS < claims.iat) {
    return { ok: false, reason: 'issued_in_future', message: 'JWT issued at future' };
  }
  return { ok: true, claims };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}
