import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers supabase-js, auth-js and functions-js send; the gateway allows them all. */
const ALLOWED_HEADERS = [
  'accept', 'authorization', 'content-type', 'apikey', 'x-client-info', 'x-client-ip', 'x-jwt-aud',
  'x-use-cookie', 'x-supabase-api-version', 'accept-profile', 'content-profile', 'prefer', 'range',
  'x-retry-count', 'traceparent', 'tracestate', 'baggage', 'idempotency-key',
].join(', ');
const EXPOSED_HEADERS = 'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version, Content-Profile, Range-Unit';

/**
 * Adds CORS headers; answers a preflight and returns true when the request was one. Any origin may call
 * the APIs with a key or a Bearer token (as on a hosted project, where `*` is answered), but only allowed
 * origins (PUBLIC_URL and ALLOWED_ORIGINS) are granted credentials: reflecting any Origin with
 * Allow-Credentials let other sites send the /api session cookie and read the answers.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, isAllowed: (origin: string) => boolean): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (origin && isAllowed(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS);
  res.setHeader('Access-Control-Max-Age', '86400');
  res.writeHead(204);
  res.end();
  return true;
}
