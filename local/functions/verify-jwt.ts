import type { IncomingMessage } from 'node:http';
import { verifyJwt } from '../jwt.ts';

/** A refusal of the gateway's `verify_jwt` check: the body's code is also its `sb-error-code` header. */
export interface JwtRefusal {
  code: string;
  message: string;
}

const refusal = (code: string, message: string): JwtRefusal => ({ code, message });

/**
 * The functions gateway's `verify_jwt` check with hosted's answers (decision 0015): 401
 * `{code, message}` and the same code in `sb-error-code`, the platform contract Supabase's self-hosted
 * gateway and CLI were aligned to in July 2026. The project signs with its legacy HS256 secret (the
 * anon and service_role keys are such tokens); it has no asymmetric signing keys, so an ES256/RS256
 * token cannot verify. Returns undefined when the request may pass.
 */
export function verifyJwtRejection(req: IncomingMessage, jwtSecret: string): JwtRefusal | undefined {
  const header = req.headers.authorization;
  if (!header) return refusal('UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  // Split on single spaces, scheme compared case-sensitively, as the gateway does.
  const parts = header.split(' ');
  const [scheme, token] = parts;
  if (scheme !== 'Bearer' || parts.length !== 2 || !token) return refusal('UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
  const alg = protectedHeaderAlg(token);
  if (alg === undefined) return refusal('UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
  if (alg === 'ES256' || alg === 'RS256') return refusal('UNAUTHORIZED_ASYMMETRIC_JWT', 'Invalid JWT');
  if (alg !== 'HS256') return refusal('UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', `Unsupported JWT algorithm ${alg}`);
  return verifyJwt(token, jwtSecret).ok ? undefined : refusal('UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT');
}

/** The `alg` of a compact JWS's protected header; undefined when there is no readable one. */
function protectedHeaderAlg(token: string): string | undefined {
  const [encoded] = token.split('.');
  if (!encoded || token.split('.').length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
    if (header === null || typeof header !== 'object' || Array.isArray(header)) return undefined;
    const { alg } = header as { alg?: unknown };
    return typeof alg === 'string' ? alg : 'undefined';
  } catch {
    return undefined;
  }
}
