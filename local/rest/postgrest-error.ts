import { HttpError } from '../http/http-error.ts';
import type { PgError } from '../db/database.ts';
import { databaseUnavailability, RETRY_AFTER_SECONDS, type Unavailability } from '../db/unavailable.ts';

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** A PostgREST-shaped error response (`Proxy-Status` names the code as PostgREST does). */
export function postgrestError(status: number, body: Partial<PostgrestErrorBody> & { code: string; message: string }): HttpError {
  const full: PostgrestErrorBody = { code: body.code, details: body.details ?? null, hint: body.hint ?? null, message: body.message };
  const headers: Record<string, string> = { 'Proxy-Status': `PostgREST; error=${body.code}` };
  if (status === 401) headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${body.message.replace(/"/g, "'")}"`;
  return new HttpError(status, full, headers);
}

/** PostgREST's SQLSTATE -> HTTP status table (docs/references/errors.rst, v14). */
export function statusForSqlState(code: string, role: string, message: string): number {
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  const exact: Record<string, number> = {
    '23503': 409, '23505': 409, '25006': 405, '53400': 500, '57P01': 503, P0001: 400,
    '42883': 404, '42P01': 404, '42P17': 500, '42501': role === 'anon' ? 401 : 403,
  };
  if (code in exact) return exact[code]!;
  if (code === '22023') return /role .* does not exist/.test(message) ? 401 : 400;
  const prefixes: Array<[string, number]> = [
    ['08', 503], ['09', 500], ['0L', 403], ['0P', 403], ['25', 500], ['28', 403], ['2D', 500], ['38', 500],
    ['39', 500], ['3B', 500], ['40', 500], ['53', 503], ['54', 500], ['55', 500], ['57', 500], ['58', 500],
    ['F0', 500], ['HV', 500], ['XX', 500], ['P0', 500],
  ];
  for (const [prefix, status] of prefixes) if (code.startsWith(prefix)) return status;
  return 400;
}

/**
 * What PostgREST answers when it cannot use the database (src/library/PostgREST/Error.hs): 503 with
 * Retry-After (App.hs adds it to every 503) and PGRST000 when no connection could be made, PGRST001 when
 * one broke, PGRST002 when the schema cache could not be loaded. PostgREST puts libpq's message in
 * `details`, which names the server's address and port: here it stays in the log.
 */
export function postgrestUnavailable(kind: Unavailability | 'schema_cache'): HttpError {
  const bodies = {
    unreachable: { code: 'PGRST000', message: 'Database connection error.' },
    lost: { code: 'PGRST001', message: 'Database client error. Retrying the connection.' },
    schema_cache: { code: 'PGRST002', message: 'Could not query the database for the schema cache. Retrying.' },
  };
  const e = postgrestError(503, bodies[kind]);
  e.headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  return e;
}

/** Turns a Postgres error raised by a call into the response PostgREST gives. */
export function fromPgError(e: PgError, role: string): HttpError {
  // Before the SQLSTATE table: a socket error's errno (ECONNREFUSED) is a `code` too, and would be a 400.
  const unavailable = databaseUnavailability(e);
  if (unavailable) return postgrestUnavailable(unavailable);
  const code = e.code ?? 'XX000';
  return postgrestError(statusForSqlState(code, role, e.message), {
    code,
    message: e.message,
    details: e.detail ?? null,
    hint: e.hint ?? null,
  });
}
