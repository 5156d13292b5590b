import { readFunctionEnv } from '../_shared/function-env.ts';
import { readStripeEnv, stripeClient } from '../_shared/stripe-client.ts';
import { parseAllowedOrigins } from './cross-site.ts';
import { createApiHandler } from './handler.ts';

/**
 * The /api REST facade, reached at `/api/...` (the local stack forwards those paths here; on a hosted
 * project put a rewrite from /api/* to /functions/v1/api/* in front, see docs/decisions/0007). verify_jwt
 * is off: the facade authenticates by its own session cookie. Stripe is needed only by the payment status
 * check, so a project without STRIPE_SECRET_KEY still serves every other call (that one answers 503).
 */
const stripe = Deno.env.get('STRIPE_SECRET_KEY') ? stripeClient(readStripeEnv()) : null;
const allowedOrigins = parseAllowedOrigins(Deno.env.get('ALLOWED_ORIGINS'));
Deno.serve(createApiHandler(readFunctionEnv(), { stripe, allowedOrigins }));
