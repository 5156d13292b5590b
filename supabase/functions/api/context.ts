import type Stripe from 'stripe';
import { currentProfile, type CallerProfile } from '../_shared/admin-user-ops.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import type { Reply } from '../_shared/json-handler.ts';
import { readBodyText } from '../_shared/request-body.ts';
import { userClient, type ApiClient } from '../_shared/user-client.ts';
import type { StoredSession } from './session-cookie.ts';

/** What a route handler gets: the request, its path parameters, and the caller's session and client. */
export class RequestContext {
  #profile: Promise<CallerProfile> | undefined;
  #body: Promise<Record<string, unknown>> | undefined;
  /** Set by handlers that start (login, register) or end (logout) a session. */
  nextSession: StoredSession | null | undefined;

  constructor(
    readonly req: Request,
    readonly url: URL,
    readonly params: Record<string, string>,
    readonly env: FunctionEnv,
    readonly session: StoredSession | null,
    /** Stripe for the payment status check; null when the deployment has no Stripe key. */
    readonly stripe: Stripe | null = null,
  ) {}

  get forwardedFor(): string | null {
    return this.req.headers.get('x-forwarded-for');
  }

  /** A client acting as the signed-in caller (RLS applies); anon when there is no session. */
  client(): ApiClient {
    return userClient(this.env, this.session?.accessToken, this.forwardedFor);
  }

  /** The caller's profile, read once per request. */
  profile(): Promise<CallerProfile> {
    this.#profile ??= currentProfile(this.client());
    return this.#profile;
  }

  /** The caller's profile when their role is one of `roles`, else 403 with the reason. */
  async requireRole(roles: string[], reason: string): Promise<CallerProfile> {
    const profile = await this.profile();
    if (!roles.includes(profile.role)) throw new HttpError(403, reason, 'forbidden_role');
    return profile;
  }

  /** The JSON object body; 400 for anything else. */
  body(): Promise<Record<string, unknown>> {
    this.#body ??= readBodyText(this.req).then((text) => {
      if (!text.trim()) return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'Request body is not valid JSON', 'bad_json');
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new HttpError(400, 'Request body must be a JSON object', 'bad_json');
      }
      return parsed as Record<string, unknown>;
    });
    return this.#body;
  }
}

/** What a handler answers: a status and a JSON body (none for 204), rendered by the shared jsonHandler. */
export type ApiResult = Reply;

export type Handler = (ctx: RequestContext) => Promise<ApiResult>;

/** One route of the facade; the OpenAPI document must list exactly these. */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI path template, e.g. /api/campaigns/{id}. */
  path: string;
  /**
   * True when the route needs a signed-in session (401 without); 'none' for routes that never look at
   * one (the health check, the API's description): answered before the cookie is read or refreshed.
   */
  session: boolean | 'none';
  handler: Handler;
}
