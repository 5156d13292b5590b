import type { Session } from '@supabase/supabase-js';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { authFailed } from '../_shared/service-unavailable.ts';
import { userClient } from '../_shared/user-client.ts';
import type { StoredSession } from './session-cookie.ts';

/** Refresh this long before the access token expires, so a request never carries an expiring token. */
const REFRESH_MARGIN_SECONDS = 60;

/** The parts of a Supabase session the cookie keeps. */
export function toStored(session: Session): StoredSession {
  const expiresAt = session.expires_at ?? Math.floor(Date.now() / 1000) + (session.expires_in ?? 3600);
  return { accessToken: session.access_token, refreshToken: session.refresh_token, expiresAt };
}

export function needsRefresh(stored: StoredSession, nowSeconds = Date.now() / 1000): boolean {
  return stored.expiresAt - REFRESH_MARGIN_SECONDS <= nowSeconds;
}

/**
 * Exchanges the refresh token for a new session (Auth rotates the refresh token). A refused refresh
 * (revoked, reused, signed out elsewhere) means the session is over: 401.
 */
export async function refreshStored(env: FunctionEnv, stored: StoredSession, forwardedFor: string | null): Promise<StoredSession> {
  const { data, error } = await userClient(env, undefined, forwardedFor).auth.refreshSession({ refresh_token: stored.refreshToken });
  if (error || !data.session) {
    if (error && (error.status ?? 0) >= 500) throw authFailed('Could not refresh the session', error);
    throw new HttpError(401, 'Session expired, please sign in again', 'session_expired');
  }
  return toStored(data.session);
}

/**
 * Whether Auth still knows the session behind the access token: logout deletes it at once, while the
 * token itself would verify until it expires. One call per request that carries a session.
 */
export async function sessionIsLive(env: FunctionEnv, stored: StoredSession): Promise<boolean> {
  const { error } = await userClient(env).auth.getUser(stored.accessToken);
  if (!error) return true;
  if ((error.status ?? 500) >= 500) throw authFailed('Could not check the session', error);
  return false;
}
