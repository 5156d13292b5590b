import type { StackContext } from '../context.ts';
import { bearerToken, verifyJwt, type JwtClaims } from '../jwt.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import type { AuthRequest } from './request.ts';
import { findSession, type SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users-repo.ts';
import { isUuid } from './validation.ts';

/** Roles GoTrue treats as administrators (GOTRUE_JWT_ADMIN_ROLES). */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

const GO_JWT_REASONS: Record<string, string> = {
  expired: 'token has invalid claims: token is expired',
  not_yet_valid: 'token has invalid claims: token is not valid yet',
  issued_in_future: 'token has invalid claims: token used before issued',
  signature: 'signature is invalid',
  malformed: 'token is malformed',
  empty: 'token is malformed',
};

/** The verified claims of the Bearer token (GoTrue's extractBearerToken + parseJWTClaims). */
export function requireClaims(ctx: StackContext, r: AuthRequest): JwtClaims {
  const token = bearerToken(r.req.headers.authorization);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const result = verifyJwt(token, ctx.config.jwtSecret);
  if (!result.ok) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${GO_JWT_REASONS[result.reason]}`);
  }
  return result.claims;
}

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow | undefined;
}

/** A signed-in user: the token's user must exist and so must its session (maybeLoadUserOrSession). */
export async function requireUser(ctx: StackContext, r: AuthRequest): Promise<Caller> {
  const claims = requireClaims(ctx, r);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | undefined;
  const sid = claims.session_id;
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = await findSession(ctx.db, sid);
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { claims, user, session };
}

/** Admin endpoints: a token whose role is an admin role, otherwise 403 not_admin. */
export function requireAdmin(ctx: StackContext, r: AuthRequest): JwtClaims {
  const claims = requireClaims(ctx, r);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}

export function isAdminRole(role: string | null | undefined): boolean {
  return !!role && ADMIN_ROLES.has(role);
}
