import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { literal } from '../db/database.ts';
import { bearerToken, type JwtClaims, verifyJwt } from '../jwt.ts';
import { errors, fromDbError } from './errors.ts';
import { joseMessage } from './jwt-messages.ts';

/** Who a request runs as: the JWT's role and claims, as the Storage server's jwt plugin reads them. */
export interface Requester {
  role: string;
  claims: JwtClaims;
  /** The user the token names (storage.objects.owner), when it is a user's. */
  owner: string | undefined;
  jwt: string;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * The token in Authorization (supabase-js sends the anon key there when nobody is signed in), verified
 * with the project's secret; a missing or bad one is refused with the Storage server's answer.
 */
export function requester(req: IncomingMessage, secret: string): Requester {
  const header = req.headers.authorization;
  const token = bearerToken(Array.isArray(header) ? header[0] : header);
  const now = Math.floor(Date.now() / 1000);
  const result = verifyJwt(token ?? '', secret, now);
  // The server's jwt plugin: any token it cannot verify, none included, is AccessDenied with jose's words,
  // and jose allows no clock skew.
  if (!result.ok) throw errors.accessDenied(joseMessage(result));
  if (typeof result.claims.exp === 'number' && now >= result.claims.exp) {
    throw errors.accessDenied(joseMessage({ ok: false, reason: 'expired', message: '' }));
  }
  const role = typeof result.claims.role === 'string' ? result.claims.role : '';
  if (!ROLES.has(role)) throw errors.accessDenied('Access denied: Invalid role', 403);
  const sub = typeof result.claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(result.claims.sub) ? result.claims.sub : undefined;
  return { role, claims: result.claims, owner: sub, jwt: token ?? '' };
}

/**
 * Runs `fn` in one transaction scoped as the Storage server scopes its queries (its scope.ts): the
 * request's role and claims set locally, so RLS on storage.objects and storage.buckets decides; a
 * superuser scope (undefined requester) is the server's own `asSuperUser()`. `rollback` tests a
 * permission without keeping its effect (the server's testPermission).
 */
export async function inScope<T>(
  ctx: StackContext,
  who: Requester | undefined,
  info: { method: string; path: string; operation: string },
  fn: (tx: Queryable) => Promise<T>,
  opts: { rollback?: boolean } = {},
): Promise<T> {
  return ctx.db.withConnection(async (conn) => {
    const settings: Array<[string, string]> = [
      ['request.method', info.method],
      ['request.path', info.path],
      ['storage.operation', info.operation],
      ['storage.allow_delete_query', 'true'],
      ['search_path', 'storage, public, extensions'],
    ];
    if (who) {
      settings.unshift(
        ['role', who.role],
        ['request.jwt.claim.role', who.role],
        ['request.jwt', who.jwt],
        ['request.jwt.claim.sub', who.owner ?? ''],
        ['request.jwt.claims', JSON.stringify(who.claims)],
      );
    }
    await conn.exec(
      `begin; select ${settings.map(([k, v]) => `set_config(${literal(k)}, ${literal(v)}, true)`).join(', ')}`,
    );
    try {
      const result = await fn(conn);
      await conn.exec(opts.rollback ? 'rollback' : 'commit');
      return result;
    } catch (e) {
      await conn.exec('rollback').catch(() => undefined);
      throw fromDbError(e);
    }
  });
}
