import { corsHeaders, preflight } from './cors.ts';
import { type ErrorFormat, jsonErrors } from './error-format.ts';
import { HttpError } from './http-error.ts';
import { readBodyText, readJsonBody } from './request-body.ts';

/** What a handler answers on success: a status and a JSON body (none for 204 or an undefined body). */
export interface Reply {
  status: number;
  body?: unknown;
}

/** The request as a handler needs it: its URL, the caller's token, the body within the size limit. */
export class HandlerContext {
  readonly url: URL;
  /** Added to the answer whether the handler returns or throws (Set-Cookie, Allow, ...). */
  readonly headers = new Headers();

  constructor(readonly req: Request) {
    this.url = new URL(req.url);
  }

  /** The URL's path without trailing slashes. */
  get path(): string {
    return this.url.pathname.replace(/\/+$/, '');
  }

  /** The end user's address as the gateway resolved it, passed on to Auth for its per-IP limits. */
  get forwardedFor(): string | null {
    return this.req.headers.get('x-forwarded-for');
  }

  /** The token of `Authorization: Bearer ...`, or null. */
  get bearerToken(): string | null {
    return /^Bearer\s+(.+)$/i.exec(this.req.headers.get('authorization') ?? '')?.[1] ?? null;
  }

  /** The Bearer token; 401 without one. */
  requireBearer(): string {
    const token = this.bearerToken;
    if (!token) throw new HttpError(401, 'Not signed in', 'not_signed_in');
    return token;
  }

  /** The JSON body: 400 bad_json when it does not parse, 413 over the size limit. */
  json(): Promise<unknown> {
    return readJsonBody(this.req);
  }

  /** The raw body (a signature covers its exact bytes): 413 over the size limit. */
  text(): Promise<string> {
    return readBodyText(this.req);
  }
}

export type JsonHandler = (req: Request, ctx: HandlerContext) => Promise<Reply>;

export interface JsonHandlerOptions {
  /** Prefixes log lines. */
  name: string;
  log?: (line: string) => void;
  /** Answer the CORS preflight and send the shared CORS headers (default true; off for server-to-server callers). */
  cors?: boolean;
  /** How failures are rendered (default JSON `{code, message, field?}`). */
  errors?: ErrorFormat;
  /** Sent with every answer but the preflight. */
  headers?: Record<string, string>;
}

/**
 * The one fetch handler shape of the edge functions: CORS, then the handler's reply as JSON. A thrown
 * HttpError becomes its status and error body (its internal detail, if any, goes to the log only);
 * anything else is logged and answers 500 `internal`, so a stack trace never reaches the caller.
 */
export function jsonHandler(handle: JsonHandler, options: JsonHandlerOptions): (req: Request) => Promise<Response> {
  const log = options.log ?? ((line: string) => console.error(line));
  const cors = options.cors ?? true;
  const errors = options.errors ?? jsonErrors;

  function headersOf(ctx: HandlerContext): Headers {
    const headers = new Headers(cors ? corsHeaders : {});
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    ctx.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers.set(name, value);
    });
    for (const cookie of ctx.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    return headers;
  }

  return async function handleJson(req: Request): Promise<Response> {
    if (cors && req.method === 'OPTIONS') return preflight();
    const ctx = new HandlerContext(req);
    try {
      const reply = await handle(req, ctx);
      const headers = headersOf(ctx);
      if (reply.status === 204 || reply.body === undefined) return new Response(null, { status: reply.status, headers });
      headers.set('Content-Type', 'application/json');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
    } catch (e) {
      if (e instanceof HttpError) {
        if (e.internalDetail) log(`${options.name}: ${req.method} ${ctx.url.pathname}: ${e.status} ${e.code}: ${e.internalDetail}`);
        const headers = headersOf(ctx);
        for (const [name, value] of Object.entries(e.headers)) headers.set(name, value);
        return errors.render(e, headers);
      }
      log(`${options.name}: ${req.method} ${ctx.url.pathname}: ${(e as Error)?.stack ?? e}`);
      return errors.render(new HttpError(500, errors.internalMessage, 'internal'), headersOf(ctx));
    }
  };
}
