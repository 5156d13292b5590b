import { seedAccountTokens } from '../../testkit/auth.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ids } from '../../testkit/db/personas.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Issue 29, item 9: the edge functions never answer with the database's own words. A call that Postgres
// or PostgREST refuses (no execute right, a constraint, a missing row) gets a generic, stable message by
// its status; a refusal an `api` function raises on purpose (its SQLSTATE and a code in DETAIL) keeps its
// message and code. The internal detail is logged server-side only.

let t: TestStack;
const tokens: Record<string, string> = {};
const logged: string[] = [];

beforeAll(async () => {
  t = await startTestStack({ seed: true, log: (line) => logged.push(line) });
  Object.assign(tokens, await seedAccountTokens(t, { creator: 'creator@demo.test', brand: 'brand@demo.test' }));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** Signed out, supabase-js sends the anon key as the Bearer token: the gateway lets it through. */
async function call(method: string, path: string, who: 'anon' | 'creator' | 'brand', body?: unknown) {
  const bearer = who === 'anon' ? t.anonKey : tokens[who];
  const res = await fetch(`${t.url}/functions/v1/${path}`, {
    method,
    headers: { apikey: t.anonKey, 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** Words that name the database's insides: functions, tables, schemas, roles, SQLSTATEs. */
const INTERNAL = /admin_|_quote|_summary|payment_for|function|relation|permission denied|schema|column|constraint|\bapi\.|\bapp\.|\banon\b|authenticated|"code":"[0-9A-Z]{5}"|PGRST/i;

const SIGNED_OUT = { code: 'not_signed_in', message: 'Not signed in' };

describe('GET /payouts/reconcile (the report of issue 29)', () => {
  test('signed out: 401 with the generic message, no internal names', async () => {
    const res = await call('GET', 'payouts/reconcile', 'anon');
    expect(res.text).not.toMatch(INTERNAL);
    expect([res.status, JSON.parse(res.text)]).toEqual([401, SIGNED_OUT]);
  });

  test("a creator's session: 403 with the admins-only refusal, no internal names", async () => {
    const res = await call('GET', 'payouts/reconcile', 'creator');
    expect(res.text).not.toMatch(INTERNAL);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'not_admin' });
  });

  test('the internal detail is logged server-side', async () => {
    await call('GET', 'payouts/reconcile', 'anon');
    // The anon key is stopped by the rate limit's own call (decision 0030) before admin_money_summary.
    expect(logged.join('\n')).toMatch(/payouts: GET \/payouts\/reconcile: 401 not_signed_in: .*permission denied for function function_rate_limit_take/);
  });
});

describe('every function, signed out and as a signed-in user without the right', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', 'payouts/reconcile'],
    ['POST', 'payouts/onboarding', { country: 'MX' }],
    ['POST', 'payouts/request', {}],
    ['POST', 'payouts/run', {}],
    ['POST', 'payments/create', { deliverableId: ids.application(1) }],
    ['GET', 'payments/status?payment_intent=pi_123'],
    ['POST', 'payments/fund', { applicationId: ids.application(1) }],
    ['POST', 'payments/cancel-hire', { applicationId: ids.application(1), reason: 'Changed plans' }],
    ['POST', 'payments/resolve-dispute', { disputeId: ids.application(1), outcome: 'refund', note: 'x' }],
    ['POST', 'admin-users/brands', { email: 'new-brand@demo.test', fullName: 'New Brand', companyName: 'New Co' }],
    ['PATCH', `admin-users/users/${ids.creator}`, { fullName: 'Renamed' }],
    ['DELETE', `admin-users/users/${ids.creator}`],
    ['POST', 'emails/drain'],
    ['POST', 'emails/unsubscribe?token=a.b.c'],
    ['POST', 'stripe-webhook', {}],
  ];

  for (const who of ['anon', 'creator', 'brand'] as const) {
    test(`${who}: no answer names the database's insides; signed out is the generic 401`, async () => {
      for (const [method, path, body] of calls) {
        const res = await call(method, path, who, body);
        expect(res.text, `${who} ${method} ${path}`).not.toMatch(INTERNAL);
        if (res.status === 401) expect(JSON.parse(res.text), `${who} ${method} ${path}`).toEqual(SIGNED_OUT);
      }
    });
  }

  test('signed out, the payments function answers the generic 401 (it said "permission denied for function ...")', async () => {
    for (const [method, path, body] of calls.filter(([, p]) => p.startsWith('payments/'))) {
      expect(await call(method, path, 'anon', body), path).toEqual({ status: 401, text: JSON.stringify(SIGNED_OUT) });
    }
  });

  test('deliberate refusals of the api functions keep their message and code', async () => {
    expect(await call('POST', 'payments/resolve-dispute', 'creator', { disputeId: ids.application(1), outcome: 'refund', note: 'x' }))
      .toEqual({ status: 403, text: JSON.stringify({ code: 'not_admin', message: 'Only admins can resolve disputes' }) });
    expect(await call('GET', 'payments/status?payment_intent=pi_123', 'brand'))
      .toEqual({ status: 404, text: JSON.stringify({ code: 'payment_not_found', message: 'Payment not found' }) });
    expect(await call('POST', 'payments/fund', 'creator', { applicationId: ids.application(1) }))
      .toEqual({ status: 403, text: JSON.stringify({ code: 'not_owner', message: 'Only the brand that hired can fund this hire' }) });
  });
});
