import { seedAccountTokens } from './auth.ts';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY } from './runtime.ts';
import { startTestStack, type TestStack } from './test-stack.ts';

export interface EscrowStack {
  /** The seeded stack, escrow on; set once beforeAll ran. */
  readonly t: TestStack;
  /** A Stripe client talking to the stack's Stripe double. */
  readonly stripe: Stripe;
  /** The access token of one of the signed-in accounts. */
  token(who: string): string;
  /** POSTs to an edge function as one of the signed-in accounts: status and parsed JSON body. */
  call(path: string, who: string, body: unknown): Promise<{ status: number; body: any }>;
}

/**
 * For a test file of the money functions: a seeded local stack with escrow on and the Stripe double, and
 * the named seed accounts signed in (`accounts`: name -> email, password `password123`). Closed afterAll.
 */
export function useEscrowStack(accounts: Record<string, string>): EscrowStack {
  let t: TestStack | undefined;
  let stripe: Stripe | undefined;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestStack({ seed: true });
    await t.database.db.query(`update app.platform_settings set escrow_enabled = true`);
    const port = Number(new URL(t.url).port);
    stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 });
    Object.assign(tokens, await seedAccountTokens(t, accounts));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the escrow stack is not started yet');
    return value;
  };
  return {
    get t() {
      return ready(t);
    },
    get stripe() {
      return ready(stripe);
    },
    token(who) {
      return ready(tokens[who]);
    },
    async call(path, who, body) {
      const stack = ready(t);
      const res = await fetch(`${stack.url}/functions/v1/${path}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}
