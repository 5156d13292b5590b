import { asAuthAdmin } from './as-auth-admin.ts';
import type { HttpService, StackContext } from '../context.ts';
import { sendRaw } from '../http/io.ts';
import { HttpError } from '../http/http-error.ts';
import { outageLogger } from '../db/unavailable.ts';
import { AuthApiError, OAuthError, sendAuthError } from './errors.ts';
import { AuthUnavailableError, reportingOutages } from './outage.ts';
import { createLimiters, type AuthLimiters } from './limiters.ts';
import { API_VERSION_2024, API_VERSION_HEADER, wantsVersion2024, type AuthRequest } from './request.ts';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser } from './routes-admin.ts';
import { health, settings } from './routes-meta.ts';
import { recover } from './routes-recover.ts';
import { resend } from './routes-resend.ts';
import { signup } from './routes-signup.ts';
import { UNSERVED_ROUTES } from './routes-unserved.ts';
import { token } from './routes-token.ts';
import { getUser, logout, updateCurrentUser } from './routes-user.ts';
import { verifyGet, verifyPost } from './routes-verify.ts';

type Handler = (r: AuthRequest, limits: AuthLimiters) => Promise<void>;

interface Route {
  path: RegExp;
  methods: Record<string, Handler>;
}

const ROUTES: Route[] = [
  { path: /^\/signup$/, methods: { POST: signup } },
  { path: /^\/token$/, methods: { POST: token } },
  { path: /^\/user$/, methods: { GET: getUser, PUT: updateCurrentUser } },
  { path: /^\/logout$/, methods: { POST: logout } },
  { path: /^\/recover$/, methods: { POST: recover } },
  { path: /^\/resend$/, methods: { POST: resend } },
  { path: /^\/verify$/, methods: { GET: verifyGet, POST: verifyPost } },
  { path: /^\/admin\/users$/, methods: { GET: adminListUsers, POST: adminCreateUser } },
  { path: /^\/admin\/users\/([^/]+)$/, methods: { GET: adminGetUser, PUT: adminUpdateUser, DELETE: adminDeleteUser } },
  { path: /^\/settings$/, methods: { GET: settings } },
  { path: /^\/health$/, methods: { GET: health } },
  // GoTrue's routes for features this stack leaves off: GoTrue's JSON error for each (routes-unserved.ts).
  ...UNSERVED_ROUTES,
];

/**
 * GoTrue-compatible /auth/v1: email + password sign-up and sign-in, refresh-token rotation, the current
 * user, logout, the account emails (recovery, sign-up confirmation, email change: decision 0021) and the
 * admin user API, over auth.users / auth.identities /
 * auth.sessions / auth.mfa_amr_claims / auth.refresh_tokens. The gateway has already checked the apikey.
 */
export function createAuthService(ctx: StackContext): HttpService {
  // Created once: the limits hold per process, like GoTrue's in-memory limiter.
  const limits: AuthLimiters = createLimiters(ctx.config.authRateLimit, ctx.config.authAccountRateLimit);
  const authCtx: StackContext = { ...ctx, db: asAuthAdmin(reportingOutages(ctx.db)) };
  const logOutage = outageLogger(ctx.log, 'auth');
  return {
    async handle(req, res, subpath, url) {
      const versioned = wantsVersion2024(req);
      if (versioned) res.setHeader(API_VERSION_HEADER, API_VERSION_2024);
      const path = subpath.length > 1 ? subpath.replace(/\/+$/, '') : subpath;
      let params: string[] = [];
      const route = ROUTES.find((r) => {
        const m = r.path.exec(path);
        if (m) params = m.slice(1).map((p) => decodeURIComponent(p));
        return m !== null;
      });
      // Unknown paths and methods get what GoTrue's router (chi) answers.
      if (!route) return sendRaw(res, 404, '404 page not found\n', { 'Content-Type': 'text/plain; charset=utf-8' });
      const handler = route.methods[req.method ?? 'GET'];
      if (!handler) return sendRaw(res, 405, undefined);
      try {
        await handler({ ctx: authCtx, req, res, url, params }, limits);
      } catch (e) {
        // The gateway's own errors (413 body too large) keep their shape.
        if (e instanceof HttpError) throw e;
        if (e instanceof AuthUnavailableError) logOutage(e.cause, `${req.method} ${subpath}`);
        else if (!(e instanceof AuthApiError) && !(e instanceof OAuthError)) {
          ctx.log(`auth: unexpected error on ${req.method} ${subpath}: ${(e as Error)?.stack ?? String(e)}`);
        }
        sendAuthError(res, e, versioned);
      }
    },
  };
}
