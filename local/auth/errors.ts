import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { sendJson } from '../http/io.ts';

/**
 * An error GoTrue answers with `{code, message}` (API version 2024-01-01) or the legacy
 * `{code: <status>, error_code, msg}`. `extra` adds fields such as `weak_password`.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** An OAuth2-style error (`{error, error_description}`), always 400, whatever the API version. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthApiError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message);
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);
export const internal = (message: string) => new AuthApiError(500, 'unexpected_failure', message);

/** What Auth says during a database outage (503, see outage.ts); the cause goes to the log. */
export const AUTH_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again shortly';

/** The message GoTrue gives for every failed password sign-in, whatever failed. */
export const INVALID_LOGIN = 'Invalid login credentials';
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** Writes an error the way GoTrue's HandleResponseError does for the request's API version. */
export function sendAuthError(res: ServerResponse, err: unknown, versioned: boolean): void {
  if (err instanceof OAuthError) {
    sendJson(res, 400, { error: err.error, error_description: err.description });
    return;
  }
  const e =
    err instanceof AuthApiError
      ? err
      : isDatabaseUnavailable(err)
        ? new AuthApiError(503, 'unexpected_failure', AUTH_UNAVAILABLE_MESSAGE, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
        : new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  if (versioned) {
    sendJson(res, e.status, { code: e.code, message: e.message, ...e.extra }, e.headers);
    return;
  }
  const legacy: Record<string, unknown> = { code: e.status, error_code: e.code, msg: e.message, ...e.extra };
  if (e.status >= 500) legacy.error_id = randomUUID();
  sendJson(res, e.status, legacy, e.headers);
}
