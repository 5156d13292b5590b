import { verifyJwt, type JwtClaims } from '../jwt.ts';

export type TokenCheck =
  | { ok: true; claims: JwtClaims & { role: string; exp: number } }
  | { ok: false; code: string; message: string };

function decodeClaims(token: string): JwtClaims | undefined {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as JwtClaims;
  } catch {
    return undefined;
  }
}

/**
 * Checks a channel's access token as Supabase Realtime does (confirm_token): valid HS256 signature, claims
 * `role` and `exp` present, and not expired (no clock skew). Codes and messages are Realtime's.
 */
export function checkAccessToken(token: unknown, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  if (typeof token !== 'string' || token.split('.').length !== 3) {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  const cleaned = token.replace(/\s/g, '');
  const result = verifyJwt(cleaned, secret, nowSeconds);
  if (!result.ok) {
    if (result.reason === 'expired') {
      const exp = decodeClaims(cleaned)?.exp;
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${typeof exp === 'number' ? nowSeconds - exp : 0} seconds ago` };
    }
    if (result.reason === 'signature') {
      return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    }
    if (result.reason === 'malformed') {
      return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
    }
    return { ok: false, code: 'InvalidJWTToken', message: result.message };
  }
  const { claims } = result;
  if (typeof claims.role !== 'string' || claims.exp === undefined) {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (!Number.isInteger(claims.exp) || (claims.exp as number) <= 0) {
    return { ok: false, code: 'InvalidJWTToken', message: 'Token expiration time is invalid' };
  }
  if ((claims.exp as number) - nowSeconds <= 0) {
    return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${nowSeconds - (claims.exp as number)} seconds ago` };
  }
  return { ok: true, claims: claims as JwtClaims & { role: string; exp: number } };
}
