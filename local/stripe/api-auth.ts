import type { IncomingMessage } from 'node:http';
import { isFromThisMachine } from '../http/this-machine.ts';
import type { StripeDoubleConfig } from './config.ts';
import { StripeApiError } from './stripe-error.ts';

/** Stripe's way of echoing a wrong key: its prefix and last four characters, the rest masked. */
export function maskKey(key: string): string {
  const prefix = /^(?:sk|pk|rk)_(?:test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return prefix + '*'.repeat(rest.length);
  return prefix + '*'.repeat(rest.length - 4) + rest.slice(-4);
}

function authError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message }, false, { 'WWW-Authenticate': 'Bearer realm="Stripe"' });
}

/**
 * The double's local key is published, so by default its keyed routes answer callers on this machine only
 * (isFromThisMachine: not the network, not a tunnel on this machine, not a rebound name) and never a web
 * page's request (an Origin header: the gateway's CORS lets any site's page call the stack, and the
 * functions and the SDK send none). Checked before the key, so the network learns nothing about keys.
 * The refusal is a Stripe-shaped 403 that names nothing of the stack.
 */
function checkCaller(req: IncomingMessage, config: StripeDoubleConfig): void {
  if (config.callers === 'network') return;
  if (isFromThisMachine(req) && req.headers.origin === undefined) return;
  throw new StripeApiError(403, { type: 'invalid_request_error', message: 'This API key cannot make requests from your location.' }, false);
}

/**
 * The API key of a request (Bearer, as the SDK sends it, or Basic with the key as user name, as
 * `curl -u sk_test_...:` does), from an allowed caller (checkCaller), checked against the configured
 * secret key with Stripe's 401 errors.
 */
export function checkApiKey(req: IncomingMessage, config: StripeDoubleConfig): void {
  checkCaller(req, config);
  const header = req.headers.authorization ?? '';
  let key: string | undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (bearer) key = bearer[1]!.trim();
  else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  if (!key) {
    throw authError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  if (key === config.secretKey) return;
  if (key === config.publishableKey) {
    throw authError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
  throw authError(`Invalid API Key provided: ${maskKey(key)}`);
}
