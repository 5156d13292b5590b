import type Stripe from 'stripe';
import { plainTextErrors } from '../_shared/error-format.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { type HandlerContext, jsonHandler, type Reply } from '../_shared/json-handler.ts';
import { RequestContext } from './context.ts';
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
  const stripe = options.stripe ?? null;
  const allowedOrigins = options.allowedOrigins ?? [];
  const handle = jsonHandler(answer, {
    name: 'api',
    log: options.log,
    errors: plainTextErrors,
    // Per-user answers: never cached by a shared cache.
    headers: { 'Cache-Control': 'no-store' },
  });
  return async function handleApi(req: Request): Promise<Response> {
    return withCredentialsFor(req, allowedOrigins, await handle(req));
  };

  async function answer(req: Request, hc: HandlerContext): Promise<Reply> {
    const { route, params, allowed } = matchRoute(req.method, hc.url.pathname);
    if (!route) {
      if (!allowed.length) throw new HttpError(404, 'Not found', 'not_found');
      hc.headers.set('Allow', [...new Set(allowed)].join(', '));
      throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    }
    if (route.session === 'none') return route.handler(new RequestContext(req, hc.url, params, env, null, stripe));

    const cookies: string[] = [];
    let session: StoredSession | null = readSessionCookie(req);
    try {
      refuseCrossSiteWrite(req, allowedOrigins);
      // A refresh asks Auth already: a session it rotated is live, so it needs no second check below.
      let askedAuth = false;
      if (session && needsRefresh(session)) {
        try {
          session = await refreshStored(env, session, hc.forwardedFor);
          askedAuth = true;
          cookies.push(...sessionCookies(session, req));
        } catch (e) {
          if (!(e instanceof HttpError) || e.status !== 401) throw e;
          session = null;
          cookies.push(...clearedSessionCookies(req));
        }
      }
      // A signed-out session stays out: the access token would verify until it expires, so Auth is asked.
      if (session && !askedAuth && !(await sessionIsLive(env, session))) {
        session = null;
        cookies.push(...clearedSessionCookies(req));
      }
      if (route.session && !session) throw new HttpError(401, 'Not signed in', 'not_signed_in');

      const ctx = new RequestContext(req, hc.url, params, env, session, stripe);
      const result = await route.handler(ctx);
      if (ctx.nextSession !== undefined) {
        cookies.length = 0;
        cookies.push(...(ctx.nextSession ? sessionCookies(ctx.nextSession, req) : clearedSessionCookies(req)));
      }
      return result;
    } catch (e) {
      // A session the database no longer accepts (user deleted, token revoked) is cleared.
      if (e instanceof HttpError && e.status === 401 && session && !cookies.length) cookies.push(...clearedSessionCookies(req));
      throw e;
    } finally {
      for (const c of cookies) hc.headers.append('Set-Cookie', c);
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
