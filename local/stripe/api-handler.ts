import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendRaw } from '../http/io.ts';
import { checkApiKey } from './api-auth.ts';
import { matchRoute, paramsFor } from './api-routes.ts';
import { STRIPE_API_VERSION } from './config.ts';
import type { StripeCore } from './core.ts';
import { parseStripeParams } from './form-params.ts';
import { randomToken } from './ids.ts';
import { canonicalParams, IdempotencyLayer } from './idempotency.ts';
import { StripeApiError, unrecognizedUrl } from './stripe-error.ts';

/** Serves Stripe's `/v1` API subset: key check, parameters, idempotency, then the operation. */
export function createApiHandler(core: StripeCore) {
  const idempotency = new IdempotencyLayer(core.store);

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestId = `req_${randomToken(14)}`;
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': headerValue(req, 'stripe-version') ?? STRIPE_API_VERSION,
      'Cache-Control': 'no-cache, no-store',
      'Content-Type': 'application/json',
    };
    const send = (status: number, body: string, extra: Record<string, string> = {}) => sendRaw(res, status, body, { ...headers, ...extra });
    const sendError = (e: StripeApiError) => {
      const error = { ...e.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` };
      send(e.status, JSON.stringify({ error }, null, 2), e.headers);
    };

    let key: string | undefined;
    try {
      checkApiKey(req, core.config);
      const body = method === 'POST' ? (await readBody(req, core.stack.maxBodyBytes)).toString('utf8') : '';
      const match = matchRoute(method, url.pathname);
      if (!match) throw unrecognizedUrl(method, url.pathname);
      const raw = parseStripeParams(method === 'POST' ? body : url.search.slice(1));
      const canonical = canonicalParams(raw);
      key = method === 'POST' ? headerValue(req, 'idempotency-key') : undefined;
      if (key !== undefined) {
        const saved = idempotency.lookup(key, method, url.pathname, canonical);
        if (saved) {
          send(saved.status, saved.body, { 'Idempotent-Replayed': 'true', 'Original-Request': saved.requestId });
          return;
        }
        idempotency.begin(key);
      }
      const info = { id: requestId, idempotencyKey: key ?? null };
      let status = 200;
      let text: string;
      let saved = true;
      try {
        text = JSON.stringify(match.route.run(core, match.ids, paramsFor(match.route, raw), info), null, 2);
      } catch (e) {
        if (!(e instanceof StripeApiError)) throw e;
        status = e.status;
        saved = e.saved;
        text = JSON.stringify({ error: { ...e.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } }, null, 2);
      }
      if (key !== undefined) {
        idempotency.end(key, saved ? { method, path: url.pathname, params: canonical, status, body: text, requestId, createdAtMs: Date.now() } : undefined);
        key = undefined;
      }
      await core.commit();
      send(status, text);
    } catch (e) {
      if (key !== undefined) idempotency.end(key, undefined);
      if (e instanceof StripeApiError) return sendError(e);
      if (e && typeof e === 'object' && 'status' in e && (e as { status: number }).status === 413) {
        return sendError(new StripeApiError(413, { type: 'invalid_request_error', message: 'Request Entity Too Large' }, false));
      }
      core.log(`stripe: ${method} ${url.pathname} failed: ${(e as Error)?.stack ?? String(e)}`);
      sendError(new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' }, false));
    }
  };
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
