import { HttpError } from './http-error.ts';

/** Seconds a client is asked to wait: about what a database restart takes (the stack asks the same). */
const RETRY_AFTER_SECONDS = 5;

/**
 * What a function answers when a service it calls (the database behind PostgREST, Auth) answered 503:
 * 503 again, with Retry-After, so the caller retries rather than reading a 4xx as its own mistake. The
 * message is generic: the upstream's words may name its internals.
 */
export function serviceUnavailable(): HttpError {
  const e = new HttpError(503, 'The service is temporarily unavailable. Please try again shortly.', 'unavailable');
  e.headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  return e;
}

/**
 * What a function answers when Auth failed on its side (5xx): 503 again when Auth said it is unavailable,
 * else 502 with `what` alone. Auth's own words go to the log (internalDetail), never to the caller.
 */
export function authFailed(what: string, error: { status?: number; message: string }): HttpError {
  if (error.status === 503) return serviceUnavailable();
  const e = new HttpError(502, `${what}. Please try again.`);
  e.internalDetail = `Auth ${error.status ?? '?'}: ${error.message}`;
  return e;
}
