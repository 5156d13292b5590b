import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyJwt, type JwtClaims } from '../jwt.ts';
import { postgrestError } from './postgrest-error.ts';

/**
 * The role and claims a request runs with, decided as PostgREST does: no Bearer token means anon,
 * otherwise the token must verify and its `role` claim picks the database role.
 */
export function requestClaims(req: IncomingMessage, secret: string): { role: string; claims: JwtClaims } {
  const header = req.headers.authorization;
  if (header === undefined) return { role: 'anon', claims: { role: 'anon' } };
  const token = bearerToken(header);
  if (token === undefined) {
    throw postgrestError(401, { code: 'PGRST301', message: 'No suitable key or wrong key type' });
  }
  const result = verifyJwt(token, secret);
  if (!result.ok) {
    const code = result.reason === 'expired' || result.reason === 'not_yet_valid' || result.reason === 'issued_in_future' ? 'PGRST303' : 'PGRST301';
    throw postgrestError(401, { code, message: result.message });
  }
  const role = typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : 'anon';
  return { role, claims: result.claims };
}
