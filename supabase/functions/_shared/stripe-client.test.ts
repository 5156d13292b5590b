// Deno tests: the Stripe client's per-attempt timeout and retries from the env, and what counts as a timeout.
import { assertEquals, assertMatch, assertThrows } from '../../../testkit/deno/assert.ts';
import Stripe from 'stripe';
import { DEFAULT_STRIPE_MAX_NETWORK_RETRIES, DEFAULT_STRIPE_TIMEOUT_MS, isStripeTimeout, readStripeEnv } from './stripe-client.ts';

const env = (vars: Record<string, string>) => (name: string) => ({ STRIPE_SECRET_KEY: 'sk_test_x', ...vars })[name];

Deno.test('Stripe calls get seconds per attempt and two retries unless configured (issue 31)', () => {
  const d = readStripeEnv(env({}));
  assertEquals([d.timeoutMs, d.maxNetworkRetries], [DEFAULT_STRIPE_TIMEOUT_MS, DEFAULT_STRIPE_MAX_NETWORK_RETRIES]);
  assertEquals([DEFAULT_STRIPE_TIMEOUT_MS, DEFAULT_STRIPE_MAX_NETWORK_RETRIES], [10_000, 2]);
  const c = readStripeEnv(env({ STRIPE_TIMEOUT_MS: '1500', STRIPE_MAX_NETWORK_RETRIES: '0' }));
  assertEquals([c.timeoutMs, c.maxNetworkRetries], [1500, 0]);
  assertMatch(String(assertThrows(() => readStripeEnv(env({ STRIPE_TIMEOUT_MS: '10s' })))), /STRIPE_TIMEOUT_MS/);
});

Deno.test("a timeout is the SDK's connection error with ETIMEDOUT; other failures are not", () => {
  const timedOut = new Stripe.errors.StripeConnectionError({ message: 'Request aborted due to timeout being reached (1500ms)', detail: Object.assign(new TypeError('ETIMEDOUT'), { code: 'ETIMEDOUT' }) } as never);
  const refused = new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe.', detail: new TypeError('fetch failed') } as never);
  assertEquals([isStripeTimeout(timedOut), isStripeTimeout(refused), isStripeTimeout(new Error('x'))], [true, false, false]);
});
