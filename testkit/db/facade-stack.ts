import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_STRIPE_SECRET_KEY } from '../runtime.ts';
import { startTestStack, type TestStack } from '../test-stack.ts';
import { ApiSession } from './api-client.ts';
import { ids } from './personas.ts';

// The /api facade's contract tests (supabase/tests/api-facade/, spec section 7): each file calls
// useFacadeStack() for a stack of its own over a seeded scratch database, signed in as the seed's people.
// The sessions are live bindings: read them inside tests, after beforeAll has run.

export let stack: TestStack;
export let admin: ApiSession;
export let brand: ApiSession;
export let otherBrand: ApiSession;
export let creator: ApiSession;
export let otherCreator: ApiSession;
export let anon: ApiSession;
export const newSession = () => new ApiSession(stack.url);

/** Starts this file's stack before its tests and closes it after. */
export function useFacadeStack(): void {
  beforeAll(async () => {
    // The sign-in limit is per client address; every session here comes from 127.0.0.1.
    stack = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '1000' } });
    [admin, brand, otherBrand, creator, otherCreator] = await Promise.all([
      newSession().login('admin@demo.test'),
      newSession().login('brand@demo.test'),
      newSession().login('trailpeak@demo.test'),
      newSession().login('creator@demo.test'),
      newSession().login('mateo@demo.test'),
    ]);
    anon = newSession();
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });
}

export const DEAD = '00000000-0000-0000-0000-00000000dead';

/** The Supabase access token inside a facade session's cookie (to call the payments function directly). */
export function accessToken(s: ApiSession): string {
  return JSON.parse(Buffer.from(s.cookies.get('sb-api-session')!, 'base64url').toString()).a;
}

/** The Stripe SDK pointed at the stack's Stripe double, as Stripe.js would pay in the browser. */
export function stripeSdk(): Stripe {
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, {
    host: '127.0.0.1', port: Number(new URL(stack.url).port), protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0,
  });
}

export async function paymentStatusOf(stripePaymentId: string): Promise<string | undefined> {
  const { rows } = await stack.database.db.query<{ status: string }>(`select status from app.payments where stripe_payment_id = $1`, [stripePaymentId]);
  return rows[0]?.status;
}

/** Every signed-in row of section 7 answers 401 text without a session. */
export const signedInRows: Array<[string, string, unknown?]> = [
  ['GET', '/api/user'],
  ['GET', '/api/messages/unread'],
  ['GET', '/api/campaigns'],
  ['GET', '/api/campaigns/brand'],
  ['GET', `/api/campaigns/${ids.campaign(1)}`],
  ['POST', '/api/campaigns', {}],
  ['PATCH', `/api/campaigns/${ids.campaign(1)}`, {}],
  ['GET', `/api/profile/brand/${ids.brand}`],
  ['GET', `/api/profile/creator/${ids.creator}`],
  ['POST', '/api/profile/brand', {}],
  ['POST', '/api/profile/creator', {}],
  ['GET', '/api/creators'],
  ['GET', '/api/creators/payments'],
  ['GET', '/api/brands/payments'],
  ['GET', '/api/applications/creator'],
  ['GET', `/api/applications/campaign/${ids.campaign(1)}`],
  ['POST', '/api/applications', {}],
  ['PATCH', `/api/applications/${ids.application(2)}`, {}],
  ['GET', `/api/deliverables/${ids.application(1)}`],
  ['POST', '/api/deliverables', {}],
  ['PATCH', `/api/deliverables/${ids.deliverable(2)}`, {}],
  ['DELETE', `/api/deliverables/${ids.deliverable(2)}`],
  ['GET', '/api/admin/users'],
  ['PATCH', `/api/admin/users/${ids.creator}`, {}],
  ['DELETE', `/api/admin/users/${ids.creator}`],
  ['GET', `/api/user/${ids.creator}`],
  ['PATCH', `/api/user/${ids.creator}`, {}],
  ['GET', '/api/check-payment-status?payment_intent=pi_x'],
  ['GET', '/api/contacts'],
  ['GET', `/api/messages/${ids.brand}`],
  ['POST', '/api/messages', {}],
];
