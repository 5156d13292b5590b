/**
 * "The database is unavailable": the one test every service uses (PostgREST's /rest/v1, GoTrue's
 * /auth/v1, Realtime, the gateway) to answer 503 with Retry-After and a generic message, rather than a
 * client error (400 tells clients not to retry) or a message that carries the server's address.
 *
 * Two kinds, as PostgREST tells them apart (PGRST000 / PGRST001):
 * - unreachable: no connection could be made (server stopped, starting up, refusing, out of slots, name
 *   not resolved, our own pool or PGlite closed during shutdown);
 * - lost: a connection broke under a request (reset, terminated by an administrator or a crash).
 *
 * The shapes are node-postgres's and Node's: a socket error has an errno `code` (ECONNREFUSED,
 * ENOTFOUND, ...) and a message with the address; a server refusal is a DatabaseError with a SQLSTATE;
 * pg's own failures (a closed socket, a connect timeout) are plain Errors known by their message.
 */

export type Unavailability = 'unreachable' | 'lost';

/** Seconds a client is asked to wait: about what a Postgres restart takes. */
export const RETRY_AFTER_SECONDS = 5;

/** What a client is told, whatever the cause (the cause goes to the log). */
export const UNAVAILABLE_MESSAGE = 'The database is temporarily unavailable. Please try again shortly.';

/** Socket errors of a connect (or of the name lookup before it). */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'EADDRNOTAVAIL']);
/** Socket errors of an established connection. */
const LOST_ERRNOS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * SQLSTATEs a server refuses or ends a session with. 57P03 cannot_connect_now (starting up, shutting
 * down, in recovery), 53300 too_many_connections and 08004 (server rejected the connection) come at
 * connect; 57P01 admin_shutdown, 57P02 crash_shutdown and the other 08 connection exceptions end one.
 */
const UNREACHABLE_SQLSTATES = new Set(['57P03', '53300', '08001', '08004']);
const LOST_SQLSTATES = new Set(['57P01', '57P02']);

/** node-postgres's and PGlite's errors without a code. */
const UNREACHABLE_MESSAGES = [
  /^timeout expired$/, // pg: connectionTimeoutMillis passed during connect
  /^timeout exceeded when trying to connect$/, // pg-pool: no client within connectionTimeoutMillis
  /^Connection terminated due to connection timeout$/,
  /^Cannot use a pool after calling end on the pool$/, // the stack is closing
  /^PGlite is clos(ed|ing)$/,
];
const LOST_MESSAGES = [/^Connection terminated( unexpectedly)?$/, /is not queryable$/];

/** How the database is unavailable when `e` says it is, otherwise undefined. Follows `cause` chains. */
export function databaseUnavailability(e: unknown, depth = 0): Unavailability | undefined {
  if (!(e instanceof Error) || depth > 5) return undefined;
  const { code, syscall } = e as Error & { code?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_ERRNOS.has(code)) return 'unreachable';
    // A Unix socket that is not there (the server is stopped), not some other missing file.
    if (code === 'ENOENT' && syscall === 'connect') return 'unreachable';
    if (LOST_ERRNOS.has(code)) return 'lost';
    if (UNREACHABLE_SQLSTATES.has(code)) return 'unreachable';
    if (LOST_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'lost';
  }
  if (UNREACHABLE_MESSAGES.some((r) => r.test(e.message))) return 'unreachable';
  if (LOST_MESSAGES.some((r) => r.test(e.message))) return 'lost';
  return databaseUnavailability((e as { cause?: unknown }).cause, depth + 1);
}

export function isDatabaseUnavailable(e: unknown): boolean {
  return databaseUnavailability(e) !== undefined;
}

/** The cause as one log line: the code and message of the innermost error that has them. */
export function unavailabilityDetail(e: unknown): string {
  let inner: unknown = e;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const err = inner as Error & { code?: string };
  return `${err?.code ? `${err.code}: ` : ''}${err?.message ?? String(inner)}`;
}

/**
 * Logs an outage at most once per `everyMs` per service, with how many were not logged, so an outage
 * under traffic leaves a readable log rather than a line per request.
 */
export function outageLogger(log: (line: string) => void, service: string, everyMs = 10_000): (e: unknown, where: string) => void {
  let last = 0;
  let quiet = 0;
  return (e, where) => {
    const now = Date.now();
    if (now - last < everyMs) {
      quiet += 1;
      return;
    }
    const more = quiet ? ` (${quiet} more since the last report)` : '';
    log(`${service}: database unavailable on ${where}: ${unavailabilityDetail(e)}${more}`);
    last = now;
    quiet = 0;
  };
}
