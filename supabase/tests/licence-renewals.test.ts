import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 36 item 2 (decision 0056): the renewal offers each side sees (api.licence_renewals) and, for the
// accepted ones, their funding. Seed: application 6 is Carla's (c08) pending application to campaign 1
// (GlowLab, flat fee $500.00); hire-licences.test.ts covers offering and deciding.

const ctx = useSeededDatabase();
const APP = ids.application(6);
const CAMPAIGN = ids.campaign(1);
const CREATOR = ids.creatorN(8);

async function become(q: Queryable, who: 'postgres' | 'anon' | string): Promise<void> {
  await q.exec('reset role');
  if (who === 'postgres') return;
  if (who === 'anon') {
    await q.exec('set local role anon');
    await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'anon' })]);
    return;
  }
  await q.exec('set local role authenticated');
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: who, role: 'authenticated', aud: 'authenticated' })]);
}
const one = async <T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows[0]!;
async function fails(q: Queryable, sql: string, params: unknown[] = []) {
  await q.exec('savepoint try');
  try {
    await q.query(sql, params);
  } catch (e) {
    await q.exec('rollback to savepoint try');
    return e as { code: string; detail?: string };
  }
  throw new Error(`expected an error from ${sql}`);
}

/** Escrow on; paid usage ($300.00, 90 days); the brand accepts Carla and offers a 60-day renewal for $200.00. */
async function offered(q: Queryable): Promise<string> {
  await q.query(`update app.platform_settings set escrow_enabled = true`);
  await become(q, ids.brand);
  await q.query(`select api.set_campaign_usage_rights($1, 'paid', '{instagram}', '{US}', 90, 30000, null, null)`, [CAMPAIGN]);
  await q.query(`select api.accept_application($1)`, [APP]);
  return (await one<{ id: string }>(q, 'select api.offer_licence_renewal($1, 60, 20000) id', [APP])).id;
}

const list = `select id, application_id, campaign_id, campaign_title, brand_name, creator_name, term_days, price_cents::int price, status
  from api.licence_renewals()`;

describe('the renewal offers each side sees', () => {
  test('the brand and the hired creator see the offer with both names; another brand, the admin and a stranger creator see none; anon is refused', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const id = await offered(q);
      await become(q, ids.brand);
      const brand = (await q.query(list)).rows;
      const brandOfHire = (await q.query(`select id from api.licence_renewals($1)`, [APP])).rows;
      const brandOtherHire = (await q.query(`select id from api.licence_renewals($1)`, [ids.application(1)])).rows;
      await become(q, CREATOR);
      const creator = (await q.query(list)).rows;
      await become(q, ids.otherBrand);
      const otherBrand = (await q.query(list)).rows;
      await become(q, ids.creator);
      const otherCreator = (await q.query(list)).rows;
      await become(q, ids.admin);
      const admin = (await q.query(list)).rows;
      await become(q, 'anon');
      const anon = await fails(q, list);
      return { id, brand, brandOfHire, brandOtherHire, creator, otherBrand, otherCreator, admin, anon: anon.code };
    });
    expect(result.brand).toEqual([
      { id: result.id, application_id: APP, campaign_id: CAMPAIGN, campaign_title: 'Morning Glow Serum Launch', brand_name: 'GlowLab Skincare', creator_name: 'Isabella Torres', term_days: 60, price: 20000, status: 'offered' },
    ]);
    expect(result.brandOfHire).toEqual([{ id: result.id }]);
    expect(result.brandOtherHire).toEqual([]);
    expect(result.creator).toEqual(result.brand);
    expect(result.otherBrand).toEqual([]);
    expect(result.otherCreator).toEqual([]);
    expect(result.admin).toEqual([]);
    expect(result.anon).toBe('42501');
  });
});

const quote = 'select id, amount_cents::int amount, fee_cents::int fee, creator_cents::int creator, term_days from api.renewal_quote($1)';
const begin = 'select payment_id, payment_amount_cents::int amount, created from api.renewal_payment_begin($1)';
const endOf = async (q: Queryable) => (await one<{ ends_at: Date }>(q, 'select app.licence_end($1) ends_at', [APP])).ends_at.getTime();
const DAY = 86_400_000;

/** The creator accepts the offer. */
async function accepted(q: Queryable): Promise<string> {
  const id = await offered(q);
  await become(q, CREATOR);
  await q.query('select api.decide_licence_renewal($1, true)', [id]);
  return id;
}

/** What the payments function does, as the service role: the renewal's open payment; then Stripe says it succeeded at `at`. */
async function pay(q: Queryable, renewal: string, at: Date): Promise<string> {
  await become(q, 'postgres');
  await q.exec('set local role service_role');
  const attempt = await one<{ payment_id: string }>(q, begin, [renewal]);
  await become(q, 'postgres');
  await q.query(`update app.payments set status = 'completed', stripe_payment_id = 'pi_renewal_' || $1::text, payment_date = $2 where id = $1`, [attempt.payment_id, at]);
  return attempt.payment_id;
}

describe('funding an accepted renewal', () => {
  test('the brand is quoted the price at the hire fee; a retried attempt reuses its payment; once paid the ledger credits the creator and the end moves by the term', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const id = await accepted(q);
      await become(q, ids.brand);
      const quoted = await one(q, quote, [id]);
      await become(q, 'postgres');
      const before = await endOf(q);
      await q.exec('set local role service_role');
      const first = await one<{ payment_id: string; created: boolean }>(q, begin, [id]);
      const retried = await one<{ payment_id: string; created: boolean }>(q, begin, [id]);
      const paidAt = new Date(Date.now() + DAY);
      await pay(q, id, paidAt);
      const after = await endOf(q);
      const ledger = await one<{ kind: string; memo: string; creator: number; fees: number }>(q,
        `select t.kind, t.memo,
           -(select sum(e.amount_cents) from app.ledger_entries e where e.transaction_id = t.id and e.account = 'creator_available')::int creator,
           -(select sum(e.amount_cents) from app.ledger_entries e where e.transaction_id = t.id and e.account = 'platform_fees')::int fees
         from app.ledger_transactions t where t.payment_id = $1`, [first.payment_id]);
      // The receipt of this payment (decision 0057) describes what the renewal bought (migration 20250203000060).
      const receipt = await one<{ licence: { term_days: number; renewal: Record<string, unknown> } }>(q,
        `select app.document_content(d) -> 'licence' licence from app.documents d
         join app.ledger_transactions t on t.id = d.ledger_transaction_id where t.payment_id = $1`, [first.payment_id]);
      const agreed = await one<{ ends_at: Date }>(q, 'select ends_at from app.hire_licences where application_id = $1', [APP]);
      await become(q, ids.brand);
      const library = await one<{ ends_at: Date }>(q, 'select ends_at from api.brand_licences() where application_id = $1', [APP]);
      const listed = await one<{ funded_at: Date | null; licence_ends_at: Date }>(q, 'select funded_at, licence_ends_at from api.licence_renewals($1)', [APP]);
      const history = await one(q, 'select campaign_id, campaign_title, amount_cents::int amount from api.payment_history() where id = $1', [first.payment_id]);
      const again = await fails(q, quote, [id]);
      await become(q, 'postgres');
      await q.exec('set local role service_role');
      const beginAgain = await fails(q, begin, [id]);
      return { quoted, first, retried, before, after, ledger, agreed: agreed.ends_at.getTime(), library: library.ends_at.getTime(),
        listed: { funded: listed.funded_at !== null, end: listed.licence_ends_at.getTime() }, history, receipt: receipt.licence, again: again.detail, beginAgain: beginAgain.detail };
    });
    // $200.00 at the hire's 15% fee: $30.00 to the platform, $170.00 to the creator.
    expect(result.quoted).toMatchObject({ amount: 20000, fee: 3000, creator: 17000, term_days: 60 });
    expect(result.first.created).toBe(true);
    expect(result.retried).toEqual({ ...result.first, created: false });
    expect(result.ledger).toMatchObject({ kind: 'direct_payment', creator: 17000, fees: 3000 });
    expect(result.ledger.memo).toMatch(/^licence renewal .*: 60 days, licence 20000 cents$/);
    expect(result.after - result.before).toBe(60 * DAY);
    // The agreed copy keeps its end; the library and the renewals list read the moved one.
    expect(result.agreed).toBe(result.before);
    expect(result.library).toBe(result.after);
    expect(result.listed).toEqual({ funded: true, end: result.after });
    // Payment History names the renewal's payment by its hire's campaign.
    expect(result.history).toEqual({ campaign_id: CAMPAIGN, campaign_title: 'Morning Glow Serum Launch', amount: 20000 });
    expect(result.again).toBe('already_funded');
    expect(result.beginAgain).toBe('already_funded');
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(result.receipt.renewal).toEqual({ term_days: 60, price_cents: 20000, starts_on: day(result.before), ends_on: day(result.after) });
  });

  test('a licence that expired on the test clock runs again from the funding, and the library says so', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const id = await accepted(q);
      await become(q, 'postgres');
      const end = await endOf(q);
      const paidAt = new Date(end + 10 * DAY);
      await become(q, ids.brand);
      const expired = await one<{ status: string }>(q, 'select status from api.brand_licences($1) where application_id = $2', [paidAt, APP]);
      await pay(q, id, paidAt);
      await become(q, ids.brand);
      const renewed = await one<{ status: string; days_left: number; ends_at: Date }>(q, 'select status, days_left, ends_at from api.brand_licences($1) where application_id = $2', [paidAt, APP]);
      return { expired: expired.status, renewed: { ...renewed, ends_at: renewed.ends_at.getTime() }, expected: paidAt.getTime() + 60 * DAY };
    });
    expect(result.expired).toBe('expired');
    expect(result.renewed).toEqual({ status: 'active', days_left: 60, ends_at: result.expected });
  });

  test('a renewal priced $0.00 is funded when the creator accepts it', async () => {
    const moved = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.platform_settings set escrow_enabled = true`);
      await become(q, ids.brand);
      await q.query(`select api.set_campaign_usage_rights($1, 'organic', '{}', null, 30, null, null, null)`, [CAMPAIGN]);
      await q.query(`select api.accept_application($1)`, [APP]);
      const id = (await one<{ id: string }>(q, 'select api.offer_licence_renewal($1, 15, 0) id', [APP])).id;
      await become(q, 'postgres');
      const before = await endOf(q);
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, true)', [id]);
      await become(q, 'postgres');
      const payments = await one<{ n: number }>(q, 'select count(*)::int n from app.payments where renewal_id = $1', [id]);
      return { days: (await endOf(q) - before) / DAY, payments: payments.n };
    });
    expect(moved).toEqual({ days: 15, payments: 0 });
  });

  test('only the offering brand pays an accepted, unfunded renewal of a standing hire; everyone else and every other state is refused', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const id = await offered(q);
      const pick = (e: { code: string; detail?: string }) => [e.code, e.detail];
      await become(q, ids.brand);
      const unaccepted = pick(await fails(q, quote, [id]));
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, false)', [id]);
      await become(q, ids.brand);
      const declined = pick(await fails(q, quote, [id]));
      const second = (await one<{ id: string }>(q, 'select api.offer_licence_renewal($1, 30, 5000) id', [APP])).id;
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, true)', [second]);
      const creator = pick(await fails(q, quote, [second]));
      const creatorBegins = (await fails(q, begin, [second])).code;
      await become(q, ids.otherBrand);
      const otherBrand = pick(await fails(q, quote, [second]));
      await become(q, ids.admin);
      const admin = pick(await fails(q, quote, [second]));
      await become(q, 'anon');
      const anon = (await fails(q, quote, [second])).code;
      await become(q, 'postgres');
      const wrongAmount = pick(await fails(q, `insert into app.payments (renewal_id, amount_cents, status) values ($1, 4999, 'pending')`, [second]));
      const unacceptedPayment = pick(await fails(q, `insert into app.payments (renewal_id, amount_cents, status) values ($1, 20000, 'pending')`, [id]));
      await q.query(`update app.applications set status = 'canceled' where id = $1`, [APP]);
      await become(q, ids.brand);
      const canceled = pick(await fails(q, quote, [second]));
      await become(q, 'postgres');
      await q.query('delete from app.applications where id = $1', [APP]);
      await become(q, ids.brand);
      const deleted = pick(await fails(q, quote, [second]));
      return { unaccepted, declined, creator, creatorBegins, otherBrand, admin, anon, wrongAmount, unacceptedPayment, canceled, deleted };
    });
    expect(result).toEqual({
      unaccepted: ['PT409', 'renewal_not_accepted'],
      declined: ['PT409', 'renewal_not_accepted'],
      creator: ['42501', 'not_owner'],
      // The payments function's own step: never the caller's.
      creatorBegins: '42501',
      // Another brand cannot even see the offer.
      otherBrand: ['PT404', 'renewal_not_found'],
      admin: ['42501', 'not_owner'],
      anon: '42501',
      wrongAmount: ['22023', 'amount_fixed'],
      unacceptedPayment: ['PT409', 'renewal_not_accepted'],
      canceled: ['PT409', 'hire_closed'],
      // The offers go with the hire.
      deleted: ['PT404', 'renewal_not_found'],
    });
  });
});

describe('the other side hears of a renewal', () => {
  test('the creator is told of an offer, the brand of the answer (accepted or declined), each a work email', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const first = await offered(q);
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, false)', [first]);
      await become(q, ids.brand);
      const second = (await one<{ id: string }>(q, 'select api.offer_licence_renewal($1, 30, 5000) id', [APP])).id;
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, true)', [second]);
      await become(q, 'postgres');
      const rows = (await q.query<{ user_id: string; kind: string; actor_id: string; campaign_id: string; count: number; amount: number; decision: string | null; category: string }>(
        `select user_id, kind, actor_id, campaign_id, (data->>'count')::int count, (data->>'amount_cents')::int amount, data->>'decision' decision,
           app.email_category(kind) category
         from app.notifications where application_id = $1 and kind like 'licence_renewal_%' order by created_at, id`, [APP])).rows;
      return rows;
    });
    const told = (user: string, kind: string, actor: string, count: number, amount: number, decision: string | null) =>
      ({ user_id: user, kind, actor_id: actor, campaign_id: CAMPAIGN, count, amount, decision, category: 'work' });
    expect(result).toEqual(expect.arrayContaining([
      told(CREATOR, 'licence_renewal_offered', ids.brand, 60, 20000, null),
      told(ids.brand, 'licence_renewal_decided', CREATOR, 60, 20000, 'declined'),
      told(CREATOR, 'licence_renewal_offered', ids.brand, 30, 5000, null),
      told(ids.brand, 'licence_renewal_decided', CREATOR, 30, 5000, 'accepted'),
    ]));
    expect(result).toHaveLength(4);
  });

  test('the creator is told once when a renewal is paid (not again when the payment is recorded twice); a $0.00 renewal tells nobody', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      const id = await accepted(q);
      await q.exec('set local role service_role');
      const attempt = await one<{ payment_id: string }>(q, begin, [id]);
      await become(q, 'postgres');
      const paidAt = new Date(Date.now() + DAY);
      await q.query(`update app.payments set status = 'completed', stripe_payment_id = 'pi_told_' || $1::text, payment_date = $2 where id = $1`, [attempt.payment_id, paidAt]);
      // A webhook retried, or the result screen's check after the webhook: the same state written again.
      await q.query(`update app.payments set status = 'completed', payment_date = $2 where id = $1`, [attempt.payment_id, paidAt]);
      await q.query('select app.fund_licence_renewal($1, $2)', [id, paidAt]);
      const ends = await one<{ ends_at: Date }>(q, 'select ends_at from app.licence_renewals where id = $1', [id]);
      const told = (await q.query<{ user_id: string; actor_id: string; count: number; expires_on: string; category: string }>(
        `select user_id, actor_id, (data->>'count')::int count, data->>'expires_on' expires_on, app.email_category(kind) category
         from app.notifications where kind = 'licence_renewal_paid' and data->>'renewal_id' = $1::text`, [id])).rows;
      // A free renewal, funded by the creator's acceptance.
      await become(q, ids.brand);
      const free = (await one<{ id: string }>(q, 'select api.offer_licence_renewal($1, 15, 0) id', [APP])).id;
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, true)', [free]);
      await become(q, 'postgres');
      const freeTold = await one<{ n: number; funded: boolean }>(q,
        `select (select count(*)::int from app.notifications where kind = 'licence_renewal_paid' and data->>'renewal_id' = $1::uuid::text) n,
           (select funded_at is not null from app.licence_renewals where id = $1::uuid) funded`, [free]);
      return { told, expected: ends.ends_at.toISOString().slice(0, 10), freeTold };
    });
    expect(result.told).toEqual([{ user_id: CREATOR, actor_id: ids.brand, count: 60, expires_on: result.expected, category: 'work' }]);
    expect(result.freeTold).toEqual({ n: 0, funded: true });
  });
});
