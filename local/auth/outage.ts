import type { Database, Queryable } from '../db/database.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { AUTH_UNAVAILABLE_MESSAGE, AuthApiError } from './errors.ts';

/**
 * A database outage in GoTrue's error shape, but 503 with Retry-After: GoTrue answers a failed database
 * call with 500 unexpected_failure, which auth-js does not retry; on 503 it throws its
 * AuthRetryableFetchError. The code stays GoTrue's `unexpected_failure`, the one clients already know for
 * a server-side failure; the message says nothing of the cause (`cause`, for the log, does).
 */
export class AuthUnavailableError extends AuthApiError {
  constructor(cause: unknown) {
    super(503, 'unexpected_failure', AUTH_UNAVAILABLE_MESSAGE, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    this.cause = cause;
  }
}

function passOutage(e: unknown): never {
  throw isDatabaseUnavailable(e) && !(e instanceof AuthApiError) ? new AuthUnavailableError(e) : e;
}

/**
 * The database as Auth's routes use it: an outage comes out of it as an AuthUnavailableError. The routes
 * pass AuthApiErrors on and turn any other failure into their own 500 ("Database error saving new
 * user"), so this is the one place an outage has to be recognised for all of them.
 */
export function reportingOutages(db: Database): Database {
  return {
    ...db,
    query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params).catch(passOutage),
    exec: (sql) => db.exec(sql).catch(passOutage),
    withConnection: <T>(fn: (conn: Queryable) => Promise<T>) => db.withConnection(fn).catch(passOutage),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn).catch(passOutage),
    listen: (channel, onPayload) => db.listen(channel, onPayload).catch(passOutage),
    close: () => db.close(),
  };
}
