import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendRaw } from '../http/io.ts';
import { checkApiKey } from './api-auth.ts';
import { STRIPE_API_VERSION } from './config.ts';
import type { StripeCore } from './core.ts';
import { parseStripeParams } from './form-params.ts';
import { randomToken } from './ids.ts';
import { IdempotencyLayer } from './idempotency.ts';
import { canonicalJson, JsonParams, type JsonObject } from './json-params.ts';
import { invalidParam, StripeApiError, type StripeErrorBody, unrecognizedUrl } from './stripe-error.ts';
import { matchV2Route, v2ParamsFor } from './v2-routes.ts';

/** v2's error object: the type picks stripe-node's error class; v1's doc and log links are not part of it. */
function v2ErrorJson(body: StripeErrorBody): string {
  const { type, code, message, param } = body;
  return JSON.stringify({ error: { type, ...(code ? { code } : {}), message, ...(param ? { param } : {}) } }, null, 2);
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Serves the `/v2` API subset as stripe-node's v2 client calls it: JSON bodies (POST) and bracket-notation
 * query strings (GET), the same secret key as v1, `Stripe-Context` for a recipient's own objects, and
 * Idempotency-Key replay. Unlike v1, v2 does not save a failed result under its key: Stripe retries
 * failed work when the request is repeated (https://docs.stripe.com/api/idempotent_requests), so a retry
 * after, say, insufficient funds runs again instead of replaying the error.
 */
export function createV2ApiHandler(core: StripeCore) {
  const idempotency = new IdempotencyLayer(core.store);

  return async function handleV2(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestId = `req_v2${randomToken(14)}`;
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': headerValue(req, 'stripe-version') ?? STRIPE_API_VERSION,
      'Cache-Control': 'no-cache, no-store',
      'Content-Type': 'application/json',
    };
    const send = (status: number, body: string, extra: Record<string, string> = {}) => sendRaw(res, status, body, { ...headers, ...extra });

    let key: string | undefined;
    try {
      checkApiKey(req, core.config);
      const match = matchV2Route(method, url.pathname);
      const text = method === 'POST' ? (await readBody(req, core.stack.maxBodyBytes)).toString('utf8') : '';
      if (!match) throw unrecognizedUrl(method, url.pathname);
      let raw: JsonObject;
      if (method === 'POST') {
        let parsed: unknown = {};
        try {
          parsed = text.trim() === '' ? {} : JSON.parse(text);
        } catch {
          throw invalidParam('The request body is not valid JSON. API v2 requests send JSON bodies.');
        }
        raw = JsonParams.body(parsed);
      } else {
        raw = parseStripeParams(url.search.slice(1)) as JsonObject;
      }
      const canonical = canonicalJson(raw);
      key = method === 'POST' ? headerValue(req, 'idempotency-key') : undefined;
      if (key !== undefined) {
        const saved = idempotency.lookup(key, method, url.pathname, canonical);
        if (saved) {
          send(saved.status, saved.body, { 'Idempotent-Replayed': 'true', 'Original-Request': saved.requestId });
          return;
        }
        idempotency.begin(key);
      }
      const info = { id: requestId, idempotencyKey: key ?? null, context: headerValue(req, 'stripe-context') };
      let status = 200;
      let body: string;
      try {
        body = JSON.stringify(match.route.run(core, match.ids, v2ParamsFor(match.route, raw), info), null, 2);
      } catch (e) {
        if (!(e instanceof StripeApiError)) throw e;
        status = e.status;
        body = v2ErrorJson(e.body);
      }
      if (key !== undefined) {
        idempotency.end(key, status < 400 ? { method, path: url.pathname, params: canonical, status, body, requestId, createdAtMs: Date.now() } : undefined);
        key = undefined;
      }
      await core.commit();
      send(status, body);
    } catch (e) {
      if (key !== undefined) idempotency.end(key, undefined);
      if (e instanceof StripeApiError) return send(e.status, v2ErrorJson(e.body), e.headers);
      if (e && typeof e === 'object' && 'status' in e && (e as { status: number }).status === 413) {
        return send(413, v2ErrorJson({ type: 'invalid_request_error', message: 'Request Entity Too Large' }));
      }
      core.log(`stripe: ${method} ${url.pathname} failed: ${(e as Error)?.stack ?? String(e)}`);
      send(500, v2ErrorJson({ type: 'api_error', message: 'An unknown error occurred' }));
    }
  };
}
