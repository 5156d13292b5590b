import type { Queryable } from '../db/database.ts';
import type { StackContext } from '../context.ts';
import { signJwt } from '../jwt.ts';
import { createSession, insertRefreshToken, type ClientInfo } from './sessions.ts';
import { userJson } from './user-json.ts';
import type { UserRow } from './users-repo.ts';

/** The JSON GoTrue answers sign-ups, sign-ins and refreshes with. */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/**
 * Signs an access token with GoTrue's claims. The issuer is read from the config on each call
 * because the public URL may be set after the stack starts listening.
 */
export function signAccessToken(
  ctx: StackContext,
  user: UserRow,
  sessionId: string,
  authTime: number,
  now = Math.floor(Date.now() / 1000),
  method = 'password',
): { token: string; expiresAt: number } {
  const expiresAt = now + ctx.config.jwtExpirySeconds;
  const token = signJwt(
    {
      iss: `${ctx.config.publicUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud || 'authenticated',
      exp: expiresAt,
      iat: now,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: authTime }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.config.jwtSecret,
  );
  return { token, expiresAt };
}

export function sessionResponse(
  ctx: StackContext,
  user: UserRow,
  sessionId: string,
  authTime: number,
  refreshToken: string,
  method = 'password',
): SessionResponse {
  const { token, expiresAt } = signAccessToken(ctx, user, sessionId, authTime, undefined, method);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** Starts a session with its first refresh token (inside the caller's transaction). */
export async function startSession(
  q: Queryable,
  userId: string,
  client: ClientInfo,
  method = 'password',
): Promise<{ sessionId: string; authTime: number; refreshToken: string }> {
  const session = await createSession(q, userId, client, method);
  const refreshToken = await insertRefreshToken(q, userId, session.id, null);
  return { sessionId: session.id, authTime: session.auth_time, refreshToken };
}
