import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from '../db/database.ts';
import { ZERO_UUID } from './users-repo.ts';

/** Where a session was started or refreshed from (GoTrue records both on auth.sessions). */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  /** When the user authenticated (unix seconds), the `amr` timestamp of every token of the session. */
  auth_time: number;
  expired: boolean;
  /** How the session was started, as auth.mfa_amr_claims records it ('password', or 'otp' from an email link or code). */
  method: string;
}

/** GoTrue's authentication methods for sessions started from an email (AuthenticationMethod.IsRecovery). */
export const isRecoverySession = (s: SessionRow | undefined) => !!s && ['otp', 'magiclink', 'recovery'].includes(s.method);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An opaque refresh token: 16 characters drawn without bias from 62 (~95 bits). */
export function newRefreshTokenString(): string {
  let out = '';
  while (out.length < 16) {
    for (const b of randomBytes(24)) {
      if (b < 248 && out.length < 16) out += ALPHABET[b % 62];
    }
  }
  return out;
}

const inet = (ip: string | null) => (ip && isIP(ip) ? ip : null);

/**
 * A session at aal1, its authentication method ('password', or 'otp' for an email link or code) recorded
 * in auth.mfa_amr_claims as GoTrue records it (AddClaimToSession); the amr claim of its tokens says the same.
 */
export async function createSession(q: Queryable, userId: string, client: ClientInfo, method = 'password'): Promise<SessionRow> {
  const id = randomUUID();
  const r = await q.query<{ auth_time: number }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1'::auth.aal_level, $3, $4::inet)
     returning floor(extract(epoch from created_at))::int8 as auth_time`,
    [id, userId, client.userAgent, inet(client.ip)],
  );
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1::uuid, $2::uuid, now(), now(), $3)`,
    [randomUUID(), id, method],
  );
  return { id, user_id: userId, auth_time: Number(r.rows[0]!.auth_time), expired: false, method };
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  const r = await q.query<SessionRow>(
    `select id::text as id, user_id::text as user_id, floor(extract(epoch from created_at))::int8 as auth_time,
            coalesce(not_after < now(), false) as expired,
            coalesce((select c.authentication_method from auth.mfa_amr_claims c where c.session_id = s.id
                       order by c.created_at limit 1), 'password') as method
       from auth.sessions s where id = $1::uuid`,
    [id],
  );
  const row = r.rows[0];
  return row && { ...row, auth_time: Number(row.auth_time) };
}

/** Records a refresh on the session (refreshed_at is a timestamp without time zone, in UTC). */
export async function touchSession(q: Queryable, id: string, client: ClientInfo): Promise<void> {
  await q.query(
    `update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2, ip = $3::inet
      where id = $1::uuid`,
    [id, client.userAgent, inet(client.ip)],
  );
}

/** Deletes sessions (their refresh tokens go with them): all, only one, or all but one. */
export async function deleteSessions(
  q: Queryable,
  userId: string,
  opts: { only?: string; except?: string } = {},
): Promise<void> {
  if (opts.only) {
    await q.query('delete from auth.sessions where id = $1::uuid and user_id = $2::uuid', [opts.only, userId]);
  } else if (opts.except) {
    await q.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [userId, opts.except]);
  } else {
    await q.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
  }
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  user_id: string;
  /** Seconds since the row last changed (for a revoked token: since it was revoked). */
  age_seconds: number;
}

/** Issues a refresh token for the session, child of `parent` when it replaces one. */
export async function insertRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshTokenString();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1::uuid, $2, $3, false, now(), now(), $4, $5::uuid)`,
    [ZERO_UUID, token, userId, parent, sessionId],
  );
  return token;
}

/** Finds a refresh token and locks its row until the transaction ends, so rotations serialize. */
export async function findRefreshTokenForUpdate(q: Queryable, token: string): Promise<RefreshTokenRow | undefined> {
  const r = await q.query<RefreshTokenRow>(
    `select id::text as id, token, coalesce(revoked, false) as revoked, parent, session_id::text as session_id, user_id,
            extract(epoch from now() - coalesce(updated_at, created_at))::float8 as age_seconds
       from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  const row = r.rows[0];
  return row && { ...row, age_seconds: Number(row.age_seconds) };
}

/** The session's newest live refresh token. */
export async function findActiveRefreshToken(q: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const r = await q.query<RefreshTokenRow>(
    `select id::text as id, token, revoked, parent, session_id::text as session_id, user_id, 0::float8 as age_seconds
       from auth.refresh_tokens where session_id = $1::uuid and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return r.rows[0];
}

export async function hasChild(q: Queryable, token: string): Promise<boolean> {
  const r = await q.query('select 1 from auth.refresh_tokens where parent = $1 limit 1', [token]);
  return r.rows.length > 0;
}

export async function revokeRefreshToken(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::int8', [id]);
}

/** Revokes every token of the session: the token family a reused token belongs to. */
export async function revokeTokenFamily(q: Queryable, sessionId: string): Promise<void> {
  await q.query('update auth.refresh_tokens set revoked = true where session_id = $1::uuid and revoked = false', [sessionId]);
}
