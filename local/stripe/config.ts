import type { StackConfig } from '../config.ts';

/** Well-known local defaults, public and useless against the real Stripe: never use them in production. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stripe_double_secret_key';
export const LOCAL_STRIPE_PUBLISHABLE_KEY = 'pk_test_local_stripe_double_publishable_key';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_stripe_double_webhook_secret';

/**
 * Secret keys meant for the double: its published default and any key of an operator's own with the same
 * `sk_test_local_` prefix (what a stack reachable from the network needs, see exposure.ts). The real Stripe
 * issues no such key, so the functions are pointed at the double for these and at api.stripe.com otherwise.
 */
export function isDoubleSecretKey(key: string): boolean {
  return key.startsWith('sk_test_local_');
}

/**
 * The Stripe API version this double speaks and stamps on events: the one stripe-node 23 pins
 * (`Stripe.API_VERSION`; a test keeps the two equal when the SDK is upgraded).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeDoubleConfig {
  secretKey: string;
  /**
   * Who may use the keyed routes: `loopback` (default) only callers on this machine, since the local key is
   * published; `network` any caller with the key (STRIPE_DOUBLE=network).
   */
  callers: 'loopback' | 'network';
  publishableKey: string;
  webhookSecret: string;
  /**
   * Where events are POSTed, read at each delivery (STRIPE_WEBHOOK_URL, else the stack's stripe-webhook
   * function on its internal listener, reachable whatever HOST and PUBLIC_URL say).
   */
  webhookUrl(): string;
  /** Event types sent to the endpoint, like a webhook endpoint's `enabled_events` ('*' = all). */
  webhookEvents: ReadonlySet<string> | '*';
  /** First retry delay; each later one doubles (Stripe backs off exponentially too). */
  webhookRetryMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  /** JSON file holding the double's state, or undefined to keep it in memory only. */
  stateFile: string | undefined;
  /** How long an OutboundPayment stays `processing` before it posts or fails (each later step waits as long). */
  outboundPaymentDelayMs: number;
  /** How long an Account Link's URL can be opened; Stripe's links are short-lived too. */
  accountLinkTtlMs: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: expected a non-negative integer, got "${value}"`);
  return n;
}

/**
 * Reads the double's settings from the environment. State goes to `<DATA_DIR>/stripe-double.json`, next
 * to the PGlite files, so payments survive a restart of `npm start` whichever database is used;
 * STRIPE_STATE_FILE names another file or `memory`. Under vitest the default is memory, so tests never
 * write into the developer's .data/.
 */
export function loadStripeDoubleConfig(stack: StackConfig, env: NodeJS.ProcessEnv = process.env): StripeDoubleConfig {
  const events = (env.STRIPE_WEBHOOK_EVENTS || '*').split(',').map((s) => s.trim()).filter(Boolean);
  const stateSetting = env.STRIPE_STATE_FILE || (env.VITEST ? 'memory' : `${stack.dataDir}/stripe-double.json`);
  return {
    secretKey: env.STRIPE_SECRET_KEY || LOCAL_STRIPE_SECRET_KEY,
    callers: stack.stripeDouble === 'network' ? 'network' : 'loopback',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || LOCAL_STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET,
    webhookUrl: () => env.STRIPE_WEBHOOK_URL || `${stackUrlWithin(stack)}/functions/v1/stripe-webhook`,
    webhookEvents: events.includes('*') ? '*' : new Set(events),
    webhookRetryMs: int(env.STRIPE_WEBHOOK_RETRY_MS, 1000, 'STRIPE_WEBHOOK_RETRY_MS'),
    webhookMaxAttempts: Math.max(1, int(env.STRIPE_WEBHOOK_MAX_ATTEMPTS, 10, 'STRIPE_WEBHOOK_MAX_ATTEMPTS')),
    webhookTimeoutMs: int(env.STRIPE_WEBHOOK_TIMEOUT_MS, 10_000, 'STRIPE_WEBHOOK_TIMEOUT_MS'),
    stateFile: stateSetting === 'memory' ? undefined : stateSetting,
    outboundPaymentDelayMs: int(env.STRIPE_OUTBOUND_PAYMENT_DELAY_MS, 200, 'STRIPE_OUTBOUND_PAYMENT_DELAY_MS'),
    accountLinkTtlMs: int(env.STRIPE_ACCOUNT_LINK_TTL_MS, 300_000, 'STRIPE_ACCOUNT_LINK_TTL_MS'),
  };
}

/**
 * Where the stack reaches itself: its internal listener on 127.0.0.1 once it listens (the public URL
 * before that, and in harnesses without one). Not PUBLIC_URL: with HOST set to one interface's address,
 * the default PUBLIC_URL (localhost) reaches nothing, and behind a proxy it would leave the machine.
 */
function stackUrlWithin(stack: StackConfig): string {
  return stack.internalUrl ?? stack.publicUrl;
}

/**
 * The STRIPE_* variables edge functions need to reach this double through the `stripe` SDK: the keys'
 * local defaults when unset, and STRIPE_API_HOST/PORT/PROTOCOL pointing at this stack's internal listener
 * while the key is one for the double (isDoubleSecretKey) and the double is served, unless a host is
 * configured; with a real key, or the double off, the SDK's default, api.stripe.com, applies.
 */
export function stripeFunctionEnv(stack: StackConfig, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const secretKey = env.STRIPE_SECRET_KEY || LOCAL_STRIPE_SECRET_KEY;
  const out: Record<string, string> = {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY || LOCAL_STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET,
  };
  if (env.STRIPE_API_HOST) {
    out.STRIPE_API_HOST = env.STRIPE_API_HOST;
    if (env.STRIPE_API_PORT) out.STRIPE_API_PORT = env.STRIPE_API_PORT;
    if (env.STRIPE_API_PROTOCOL) out.STRIPE_API_PROTOCOL = env.STRIPE_API_PROTOCOL;
  } else if (isDoubleSecretKey(secretKey) && stack.stripeDouble !== 'off') {
    const url = new URL(stackUrlWithin(stack));
    out.STRIPE_API_HOST = url.hostname;
    out.STRIPE_API_PORT = url.port || (url.protocol === 'https:' ? '443' : '80');
    out.STRIPE_API_PROTOCOL = url.protocol.replace(':', '');
  }
  return out;
}
