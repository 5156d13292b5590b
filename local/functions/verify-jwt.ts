import type { IncomingMessage } from 'node:http';
import { verifyJwt } from '../jwt.ts';

/**
 * The functions gateway's `verify_jwt` check, as the Supabase CLI's edge-runtime main service does it:
 * the Authorization header must be `Bearer <token>` with a token signed by the project's JWT secret
 * (the anon and service_role keys are such tokens). Returns the 401 body, or undefined when allowed.
 */
export function verifyJwtRejection(req: IncomingMessage, jwtSecret: string): { msg: string } | undefined {
  const header = req.headers.authorization;
  if (!header) return { msg: 'Error: Missing authorization header' };
  // The CLI splits on one space and compares the scheme case-sensitively; so do we.
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return { msg: "Error: Auth header is not 'Bearer {token}'" };
  if (!token || !verifyJwt(token, jwtSecret).ok) return { msg: 'Invalid JWT' };
  return undefined;
}
