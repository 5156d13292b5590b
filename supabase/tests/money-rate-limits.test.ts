import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { ids } from '../../testkit/db/personas.ts';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';

// Issue 29 item 5 in the database (decision 0030): the per-user count of calls to the functions that call
// Stripe, and the one recipient account per creator and country that concurrent first clicks share.
// Counts and claims must be committed and raced on separate connections: this file has its own database.
// On PGlite the connections take turns, so the races prove their point on the Postgres server
// (DATABASE_URL); their outcome must be the same on both.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
});
afterAll(async () => {
  await t?.drop();
});

/** One committed transaction as `who` (a user id, 'anon', 'service_role' or 'postgres'); an error is returned as its code and detail. */
async function committed<T>(who: string, fn: (q: Queryable) => Promise<T>): Promise<T | { error: string }> {
  return t.db.withConnection(async (q) => {
    await q.exec('begin');
    try {
      if (who !== 'postgres') {
        const role = who === 'service_role' || who === 'anon' ? who : 'authenticated';
        await q.exec(`set local role ${role}`);
        await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(role === 'authenticated' ? { sub: who, role } : { role })]);
      }
      const out = await fn(q);
      await q.exec('commit');
      return out;
    } catch (e) {
      await q.exec('rollback');
      const err = e as { code?: string; detail?: string; message: string };
      return { error: `${err.code} ${err.detail ?? err.message}` };
    }
  });
}

/** One call counted for `who`: 0 to go ahead, else the seconds to wait. */
const take = (who: string, action: string) =>
  committed(who, async (q) => Number((await q.query<{ wait: number }>(`select api.function_rate_limit_take($1) as wait`, [action])).rows[0]!.wait));

describe('the per-user limit of the functions that call Stripe', () => {
  test('10 onboarding calls a minute go ahead, the 11th waits out the window; others and other actions are not held back', async () => {
    const creator = ids.creatorN(6);
    for (let i = 0; i < 10; i++) expect(await take(creator, 'payouts/onboarding')).toBe(0);
    const wait = await take(creator, 'payouts/onboarding');
    expect(typeof wait === 'number' && wait >= 1 && wait <= 60).toBe(true);
    expect(await take(creator, 'payouts/onboarding')).toBeGreaterThanOrEqual(1);
    // Per user and per action.
    expect(await take(ids.creatorN(7), 'payouts/onboarding')).toBe(0);
    expect(await take(creator, 'payouts/sync')).toBe(0);
    // Refusals do not pile up: the count stops one over the limit.
    const { rows } = await t.db.query<{ calls: number }>(`select calls from app.function_calls where user_id = $1 and action = 'payouts/onboarding'`, [creator]);
    expect(rows[0]!.calls).toBe(11);
  });

  test('when the window has passed, the count starts again', async () => {
    const creator = ids.creatorN(8);
    for (let i = 0; i < 10; i++) await take(creator, 'payouts/request');
    expect(await take(creator, 'payouts/request')).toBeGreaterThanOrEqual(1);
    await t.db.query(`update app.function_calls set window_started_at = window_started_at - interval '61 seconds' where user_id = $1`, [creator]);
    for (let i = 0; i < 10; i++) expect(await take(creator, 'payouts/request')).toBe(0);
    expect(await take(creator, 'payouts/request')).toBeGreaterThanOrEqual(1);
  });

  test('30 concurrent calls: exactly the limit goes ahead', async () => {
    const waits = await Promise.all(Array.from({ length: 30 }, () => take(ids.creatorN(9), 'payouts/sync')));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(waits.filter((w) => typeof w === 'number' && w >= 1)).toHaveLength(20);
  });

  test('only a signed-in user counts, only their own calls, only known actions', async () => {
    expect(await take('anon', 'payouts/sync')).toMatchObject({ error: expect.stringMatching(/^42501 /) });
    expect(await take(ids.creatorN(10), 'payouts/everything')).toEqual({ error: '22023 action_unknown' });
    // Nobody resets or raises their own count or limit through the API.
    for (const sql of [`delete from app.function_calls`, `update app.function_calls set calls = 0`, `update app.function_rate_limits set max_calls = 10000`]) {
      expect(await committed(ids.creatorN(10), (q) => q.query(sql))).toMatchObject({ error: expect.stringMatching(/^42501 /) });
    }
  });
});

describe('one recipient account per creator and country', () => {
  const claim = (creator: string, country: string) =>
    committed('service_role', async (q) =>
      (await q.query<{ stripe_account_id: string | null; claimed: boolean }>(`select * from api.recipient_account_claim($1, $2)`, [creator, country])).rows[0]!);

  test('20 concurrent first claims: exactly one may create it; then every claim answers that account', async () => {
    const creator = ids.creatorN(11);
    const claims = await Promise.all(Array.from({ length: 20 }, () => claim(creator, 'MX')));
    expect(claims.filter((c) => 'claimed' in c && c.claimed)).toHaveLength(1);
    expect(claims.every((c) => 'claimed' in c && c.stripe_account_id === null)).toBe(true);
    await committed('service_role', (q) => q.query(`select api.recipient_account_record($1, 'MX', 'acct_race_mx')`, [creator]));
    const after = await Promise.all(Array.from({ length: 5 }, () => claim(creator, 'MX')));
    expect(after).toEqual(Array.from({ length: 5 }, () => ({ stripe_account_id: 'acct_race_mx', claimed: false })));
    // Another country is another account; the first is kept for when the creator comes back to it.
    expect(await claim(creator, 'CO')).toEqual({ stripe_account_id: null, claimed: true });
    expect(await claim(creator, 'MX')).toEqual({ stripe_account_id: 'acct_race_mx', claimed: false });
  });

  test('a claim Stripe failed is released at once; one left unfinished is taken over after 30 seconds', async () => {
    const creator = ids.creatorN(12);
    expect(await claim(creator, 'MX')).toEqual({ stripe_account_id: null, claimed: true });
    expect(await claim(creator, 'MX')).toEqual({ stripe_account_id: null, claimed: false });
    await committed('service_role', (q) => q.query(`select api.recipient_account_release($1, 'MX')`, [creator]));
    expect(await claim(creator, 'MX')).toEqual({ stripe_account_id: null, claimed: true });
    await t.db.query(`update app.recipient_accounts set claimed_at = now() - interval '31 seconds' where creator_id = $1`, [creator]);
    expect(await claim(creator, 'MX')).toEqual({ stripe_account_id: null, claimed: true });
    expect(await claim(creator, 'MX')).toEqual({ stripe_account_id: null, claimed: false });
  });

  test('an account made before (the current payout account) is reused; saving it again keeps its state', async () => {
    const { rows } = await t.db.query<{ creator_id: string; country: string; stripe_account_id: string; status: string; bank_summary: string | null }>(
      `select creator_id, country, stripe_account_id, status, bank_summary from app.payout_accounts where status = 'active' and stripe_account_id is not null limit 1`);
    const acc = rows[0]!;
    expect(await claim(acc.creator_id, acc.country)).toEqual({ stripe_account_id: acc.stripe_account_id, claimed: false });
    await committed('service_role', (q) => q.query(`select api.payout_account_save($1, $2, $3)`, [acc.creator_id, acc.country, acc.stripe_account_id]));
    const again = await t.db.query(`select status, bank_summary from app.payout_accounts where creator_id = $1`, [acc.creator_id]);
    expect(again.rows[0]).toEqual({ status: 'active', bank_summary: acc.bank_summary });
  });

  test('only the service role claims; brands are not creators', async () => {
    expect(await committed(ids.creatorN(11), (q) => q.query(`select * from api.recipient_account_claim($1, 'MX')`, [ids.creatorN(11)]))).toMatchObject({
      error: expect.stringMatching(/^42501 /),
    });
    expect(await claim(ids.brand, 'MX')).toEqual({ error: '42501 not_creator' });
  });
});
