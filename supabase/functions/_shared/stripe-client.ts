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
  /** How long one attempt may wait for Stripe's answer (STRIPE_TIMEOUT_MS, default 10 s; the SDK's own is 80 s). */
  timeoutMs: number;
  /** Retries of a failed attempt, with the same idempotency key (STRIPE_MAX_NETWORK_RETRIES, default 2). */
  maxNetworkRetries: number;
}

/** Seconds, not the SDK's 80 s: with 2 retries and backoff a Stripe that never answers costs ~31 s, well inside 150 s. */
export const DEFAULT_STRIPE_TIMEOUT_MS = 10_000;
export const DEFAULT_STRIPE_MAX_NETWORK_RETRIES = 2;

function nonNegativeInt(get: (name: string) => string | undefined, name: string, fallback: number): number {
  const raw = get(name);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
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
    timeoutMs: Math.max(1, nonNegativeInt(get, 'STRIPE_TIMEOUT_MS', DEFAULT_STRIPE_TIMEOUT_MS)),
    maxNetworkRetries: nonNegativeInt(get, 'STRIPE_MAX_NETWORK_RETRIES', DEFAULT_STRIPE_MAX_NETWORK_RETRIES),
  };
}

/**
 * The stripe SDK as the functions use it: fetch-based (Deno), pointed at STRIPE_API_HOST/PORT/PROTOCOL
 * when set (the local double), else at Stripe itself. The same code runs in both places. Every call has a
 * deliberate per-attempt timeout and the SDK's retries (same idempotency key for a POST), so a Stripe that
 * accepts and never answers costs seconds, not minutes (decision 0033).
 */
export function stripeClient(env: StripeEnv): Stripe {
  return new Stripe(env.secretKey, {
    ...(env.host ? { host: env.host } : {}),
    ...(env.port ? { port: env.port } : {}),
    ...(env.protocol ? { protocol: env.protocol } : {}),
    timeout: env.timeoutMs,
    maxNetworkRetries: env.maxNetworkRetries,
    httpClient: Stripe.createFetchHttpClient(),
  });
}

/** Stripe gave no answer within the timeout, on every attempt: no definite answer, the caller may try again. */
export function isStripeTimeout(e: unknown): boolean {
  return e instanceof Stripe.errors.StripeConnectionError && (e.detail as { code?: string } | undefined)?.code === 'ETIMEDOUT';
}

/** The 504 of a function whose Stripe call timed out; retrying reuses the same PaymentIntent (idempotency key). */
export const STRIPE_TIMEOUT = {
  code: 'stripe_timeout',
  message: 'The payment provider did not answer in time. Nothing was charged twice: try again.',
} as const;
