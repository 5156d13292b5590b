import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedUp } from '../../testkit/auth.ts';
import { recipientObjectsOf } from '../../testkit/stripe.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Issue 29 item 5: a fresh creator's burst at the functions that call Stripe. 40 concurrent clicks on
// "Set up payouts" make one recipient account at Stripe; the per-user limit (decision 0030) answers the
// calls over it 429 with Retry-After before Stripe is asked. Counted at the Stripe double's side.

let t: TestStack;
let dir: string;
let stateFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'money-limits-'));
  stateFile = path.join(dir, 'stripe-double.json');
  // The double writes its state through to this file after every request: what Stripe holds, countable.
  process.env.STRIPE_STATE_FILE = stateFile;
  t = await startTestStack({ seed: true });
}, 180_000);
afterAll(async () => {
  delete process.env.STRIPE_STATE_FILE;
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(path: string, token: string, body: unknown = {}) {
  const res = await fetch(`${t.url}/functions/v1/${path}`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
}

/** The answers' statuses, counted: {200: n, 429: m}. */
const tally = (answers: Array<{ status: number }>) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

describe('a fresh creator bursting at the payouts function', () => {
  test('40 concurrent onboarding calls: one recipient account, 10 links, the rest 429 with Retry-After', async () => {
    const { session, user } = await signedUp(t);
    const answers = await Promise.all(Array.from({ length: 40 }, () => call('payouts/onboarding', session.access_token, { country: 'MX' })));
    expect(tally(answers)).toEqual({ 200: 10, 429: 30 });
    const at = await recipientObjectsOf(stateFile, user.id);
    expect(at.accounts).toHaveLength(1);
    expect(at.accountLinks).toBe(10);
    const { rows } = await t.database.db.query<{ stripe_account_id: string }>(`select stripe_account_id from app.payout_accounts where creator_id = $1`, [user.id]);
    expect(rows.map((r) => r.stripe_account_id)).toEqual(at.accounts);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
      expect(refused.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
      const wait = Number(refused.retryAfter);
      expect(Number.isInteger(wait) && wait >= 1 && wait <= 60).toBe(true);
    }
  });

  test('20 concurrent syncs: 10 answered, 10 refused; another creator is not held back by it', async () => {
    const a = await signedUp(t);
    const b = await signedUp(t);
    expect((await call('payouts/onboarding', a.session.access_token, { country: 'MX' })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('payouts/sync', a.session.access_token)));
    expect(tally(answers)).toEqual({ 200: 10, 429: 10 });
    expect(answers.filter((x) => x.status === 429).every((x) => Number(x.retryAfter) >= 1)).toBe(true);
    // Per user and per function: the other creator syncs, and the first still opens Stripe's page.
    expect((await call('payouts/sync', b.session.access_token)).status).toBe(200);
    expect((await call('payouts/onboarding', a.session.access_token, { country: 'MX' })).status).toBe(200);
    expect((await recipientObjectsOf(stateFile, a.user.id)).accounts).toHaveLength(1);
  });
});
