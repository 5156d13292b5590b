import type Stripe from 'stripe';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { RequestContext } from './context.ts';
import { openApiDocument } from './openapi.ts';
import { matchRoute } from './routes.ts';
import { refuseCrossSiteWrite } from './cross-site.ts';
import { clearedSessionCookies, readSessionCookie, sessionCookies, type StoredSession } from './session-cookie.ts';
import { needsRefresh, refreshStored, sessionIsLive } from './session.ts';

/**
 * The /api REST facade (spec section 7) as a fetch handler. The session comes from the httpOnly cookie;
 * an access token about to expire is refreshed first and the rotated tokens are written back. Every
 * call runs through the `api` SQL functions with the caller's token, so the database's rules decide.
 * Answers: JSON on success; on failure a plain-text body that is the reason (the spec's client shows
 * "status: body"); unknown paths 404, known paths with another method 405.
 */
export function createApiHandler(env: FunctionEnv, options: ApiHandlerOptions = {}) {
  const log = options.log ?? console.error;
  const stripe = options.stripe ?? null;
  const allowedOrigins = options.allowedOrigins ?? [];
  return async function handleApi(req: Request): Promise<Response> {
    return withCredentialsFor(req, allowedOrigins, await answer(req));
  };

  async function answer(req: Request): Promise<Response> {
    if (req.method === 'OPTIONS') return preflight();
    const url = new URL(req.url);
    const path = url.pathname.replace(/\/+$/, '');
    if (req.method === 'GET' && path === '/api/health') return json(200, { status: 'ok' });
    if (req.method === 'GET' && path === '/api/openapi.json') return json(200, openApiDocument);

    const { route, params, allowed } = matchRoute(req.method, url.pathname);
    if (!route) {
      if (allowed.length) return text(405, 'Method not allowed', { Allow: [...new Set(allowed)].join(', ') });
      return text(404, 'Not found');
    }

    const cookies: string[] = [];
    let session: StoredSession | null = readSessionCookie(req);
    try {
      refuseCrossSiteWrite(req, allowedOrigins);
      if (session && needsRefresh(session)) {
        try {
          session = await refreshStored(env, session, req.headers.get('x-forwarded-for'));
          cookies.push(...sessionCookies(session, req));
        } catch (e) {
          if (!(e instanceof HttpError) || e.status !== 401) throw e;
          session = null;
          cookies.push(...clearedSessionCookies(req));
        }
      }
      // A signed-out session stays out: the access token would verify until it expires, so Auth is asked.
      if (session && !(await sessionIsLive(env, session))) {
        session = null;
        cookies.push(...clearedSessionCookies(req));
      }
      if (route.session && !session) throw new HttpError(401, 'Not signed in', 'not_signed_in');

      const ctx = new RequestContext(req, url, params, env, session, stripe);
      const result = await route.handler(ctx);
      if (ctx.nextSession !== undefined) {
        cookies.length = 0;
        cookies.push(...(ctx.nextSession ? sessionCookies(ctx.nextSession, req) : clearedSessionCookies(req)));
      }
      const headers = cookieHeaders(cookies);
      if (result.status === 204 || result.body === undefined) return new Response(null, { status: result.status, headers });
      return json(result.status, result.body, headers);
    } catch (e) {
      if (e instanceof HttpError) {
        // A session the database no longer accepts (user deleted, token revoked) is cleared.
        if (e.status === 401 && session && !cookies.length) cookies.push(...clearedSessionCookies(req));
        return text(e.status, errorBody(e), cookieHeaders(cookies));
      }
      log(`api: ${req.method} ${url.pathname}: ${(e as Error).stack ?? e}`);
      return text(500, 'Internal error', cookieHeaders(cookies));
    }
  }
}

/**
 * The shared CORS headers answer `*`, which browsers never combine with cookies. A page of an allowed
 * origin (ALLOWED_ORIGINS) is told its own origin and may send the session cookie; no other is.
 */
function withCredentialsFor(req: Request, allowedOrigins: readonly string[], res: Response): Response {
  const origin = req.headers.get('origin');
  res.headers.append('Vary', 'Origin');
  if (origin && allowedOrigins.includes(origin)) {
    res.headers.set('Access-Control-Allow-Origin', origin);
    res.headers.set('Access-Control-Allow-Credentials', 'true');
  }
  return res;
}

/** What the facade needs besides the function environment. */
export interface ApiHandlerOptions {
  /** Stripe, for the payment status check; null when the project has no STRIPE_SECRET_KEY (that check answers 503). */
  stripe?: Stripe | null;
  log?: (line: string) => void;
  /** Origins besides the site's own whose pages may write through the facade (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
}

/** "field: message" per validation problem, one per line; otherwise the message itself. */
function errorBody(e: HttpError): string {
  const problems = (e as HttpError & { problems?: Array<[string, string]> }).problems;
  if (problems?.length) return problems.map(([field, message]) => `${field}: ${message}`).join('\n');
  return e.field && e.status === 400 ? `${e.field}: ${e.message}` : e.message;
}

function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const c of cookies) headers.append('Set-Cookie', c);
  return headers;
}

function withCommon(headers: Headers): Headers {
  for (const [k, v] of Object.entries(corsHeaders)) headers.set(k, v);
  // Per-user answers: never cached by a shared cache.
  headers.set('Cache-Control', 'no-store');
  return headers;
}

function json(status: number, body: unknown, headers = new Headers()): Response {
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { status, headers: withCommon(headers) });
}

function text(status: number, body: string, extra: Headers | Record<string, string> = new Headers()): Response {
  const headers = extra instanceof Headers ? extra : new Headers(extra);
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(body, { status, headers: withCommon(headers) });
}
