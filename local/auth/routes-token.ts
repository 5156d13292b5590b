import { clientIp } from '../http/client-ip.ts';
import { sendJson } from '../http/io.ts';
import { AuthApiError, badRequest, INVALID_LOGIN, OAuthError, unprocessable } from './errors.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import type { AuthLimiters } from './limiters.ts';
import { enforceAccountLimit, enforceRateLimit } from './rate-limit-response.ts';
import { readJsonBody, stringField, type AuthRequest } from './request.ts';
import {
  findActiveRefreshToken,
  findRefreshTokenForUpdate,
  findSession,
  hasChild,
  insertRefreshToken,
  revokeRefreshToken,
  revokeTokenFamily,
  touchSession,
} from './sessions.ts';
import { sessionResponse, startSession, type SessionResponse } from './tokens.ts';
import { findUserByEmail, findUserById, NOW, updateUser } from './users-repo.ts';

/** A revoked refresh token may be replayed this long after it was rotated (refresh_token_reuse_interval). */
const REUSE_INTERVAL_SECONDS = 10;

/** POST /token?grant_type=password|refresh_token. */
export async function token(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  const grantType = r.url.searchParams.get('grant_type') ?? '';
  if (grantType === 'password') return passwordGrant(r, limits);
  if (grantType === 'refresh_token') return refreshGrant(r, limits);
  throw new OAuthError('unsupported_grant_type', '');
}

async function passwordGrant(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  enforceRateLimit(limits.signIn, r);
  const body = await readJsonBody(r);
  const email = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  const password = stringField(body, 'password') ?? '';
  if (email && phone) {
    throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');
  const account = (email || phone).trim().toLowerCase();
  enforceAccountLimit(limits.accountFailures, account);
  // No phone sign-ups here, so a phone never matches a user.
  const user = email ? await findUserByEmail(r.ctx.db, email) : undefined;
  // Unknown or not, the answer costs one bcrypt comparison (see verifyAgainstDecoy).
  const matches = user ? await verifyPassword(password, user.encrypted_password) : await verifyAgainstDecoy(password);
  if (!user || !matches) {
    limits.accountFailures.take(account);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (user.banned) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const client = { userAgent: r.req.headers['user-agent'] ?? null, ip: clientIp(r.req) };
  const response = await r.ctx.db.transaction(async (tx) => {
    // GoTrue saves last_sign_in_at with pop's UpdateOnly, which moves updated_at as well.
    await updateUser(tx, user.id, { last_sign_in_at: NOW });
    const session = await startSession(tx, user.id, client);
    const fresh = (await findUserById(tx, user.id))!;
    return sessionResponse(r.ctx, fresh, session.sessionId, session.authTime, session.refreshToken);
  });
  sendJson(r.res, 200, response);
}

type RefreshOutcome = { ok: true; response: SessionResponse } | { ok: false; error: AuthApiError };

/**
 * Rotation as GoTrue does it: the presented token is revoked and a child issued. A revoked token is
 * accepted again when it is the parent of the session's active token (the client lost the answer:
 * the active token is returned) or when it was rotated less than 10 s ago (concurrent refreshes);
 * any other reuse revokes the whole family and fails with refresh_token_already_used.
 */
async function refreshGrant(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  enforceRateLimit(limits.refresh, r);
  const body = await readJsonBody(r);
  const presented = stringField(body, 'refresh_token') ?? '';
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  const client = { userAgent: r.req.headers['user-agent'] ?? null, ip: clientIp(r.req) };

  // The family revocation must be committed even though the request fails, so failures are values here.
  const outcome = await r.ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const fail = (code: string, message: string): RefreshOutcome => ({ ok: false, error: badRequest(code, message) });
    const token = await findRefreshTokenForUpdate(tx, presented);
    const session = token?.session_id ? await findSession(tx, token.session_id) : undefined;
    const user = token ? await findUserById(tx, token.user_id) : undefined;
    if (!token || !session || !user) {
      return fail('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    if (user.banned) return fail('user_banned', 'Invalid Refresh Token: User Banned');
    if (session.expired) return fail('session_expired', 'Invalid Refresh Token: Session Expired');

    let issued: string | undefined;
    if (token.revoked) {
      const active = await findActiveRefreshToken(tx, session.id);
      if (active && active.parent === token.token) {
        issued = active.token;
      } else if (token.age_seconds > REUSE_INTERVAL_SECONDS || !(await hasChild(tx, token.token))) {
        await revokeTokenFamily(tx, session.id);
        return fail('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    if (!issued) {
      if (!token.revoked) await revokeRefreshToken(tx, token.id);
      issued = await insertRefreshToken(tx, user.id, session.id, token.token);
    }
    await touchSession(tx, session.id, client);
    return { ok: true, response: sessionResponse(r.ctx, user, session.id, session.auth_time, issued, session.method) };
  });
  if (!outcome.ok) throw outcome.error;
  sendJson(r.res, 200, outcome.response);
}
