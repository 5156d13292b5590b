import Stripe from 'stripe';

/** Stripe settings of the payment functions, from their environment. */
export interface StripeEnv {
  secretKey: string;
  /** Handed to the browser with a new payment, so it can choose Stripe Elements (never secret). */
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** Where the API is: unset in production (api.stripe.com); the local Stripe double otherwise. */
  host: string | undefined;
  port: string | undefined;
  protocol: 'http' | 'https' | undefined;
}

/** Reads STRIPE_* once; a missing secret key is a deployment error, reported when the function starts. */
export function readStripeEnv(get: (name: string) => string | undefined = (n) => Deno.env.get(n)): StripeEnv {
  const secretKey = get('STRIPE_SECRET_KEY');
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const protocol = get('STRIPE_API_PROTOCOL') || undefined;
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') {
    throw new Error(`STRIPE_API_PROTOCOL must be http or https, got "${protocol}"`);
  }
  return {
    secretKey,
    publishableKey: get('STRIPE_PUBLISHABLE_KEY') || undefined,
    webhookSecret: get('STRIPE_WEBHOOK_SECRET') || undefined,
    host: get('STRIPE_API_HOST') || undefined,
    port: get('STRIPE_API_PORT') || undefined,
    protocol,
  };
}

/**
 * The stripe SDK as the functions use it: fetch-based (Deno), pointed at STRIPE_API_HOST/PORT/PROTOCOL
 * when set (the local double), else at Stripe itself. The same code runs in both places.
 */
export function stripeClient(env: StripeEnv): Stripe {
  return new Stripe(env.secretKey, {
    ...(env.host ? { host: env.host } : {}),
    ...(env.port ? { port: env.port } : {}),
    ...(env.protocol ? { protocol: env.protocol } : {}),
    httpClient: Stripe.createFetchHttpClient(),
  });
}
