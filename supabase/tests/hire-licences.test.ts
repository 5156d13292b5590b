import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 36 item 2 (decision 0056): a hire keeps an immutable copy of the licence agreed at acceptance;
// the paid-usage price is charged with the content fee, and the funding's ledger memo names both parts.
// Seed: application 6 is Carla's (c08) pending application to campaign 1 (GlowLab, flat fee $500.00).

const ctx = useSeededDatabase();
const APP = ids.application(6);
const CAMPAIGN = ids.campaign(1);
const CREATOR = ids.creatorN(8);

async function become(q: Queryable, who: 'postgres' | 'service_role' | string): Promise<void> {
  await q.exec('reset role');
  if (who === 'postgres') return;
  const role = who === 'service_role' ? 'service_role' : 'authenticated';
  await q.exec(`set local role ${role}`);
  const claims = role === 'service_role' ? { role } : { sub: who, role, aud: 'authenticated' };
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
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

/** Escrow on (unless told); the brand buys paid usage ($300.00, Instagram and TikTok, US, 90 days) and accepts Carla. */
async function acceptPaid(q: Queryable, escrow = true): Promise<void> {
  await q.query(`update app.platform_settings set escrow_enabled = $1`, [escrow]);
  await become(q, ids.brand);
  await q.query(`select api.set_campaign_usage_rights($1, 'paid', '{instagram,tiktok}', '{US}', 90, 30000, 'skincare', 30)`, [CAMPAIGN]);
  await q.query(`select api.accept_application($1)`, [APP]);
}

const licenceOf = `select usage_kind, usage_platforms, usage_territory, usage_term_days, usage_price_cents::int price,
  exclusivity_category, exclusivity_days, content_cents::int content, extract(day from ends_at - starts_at)::int as term
  from app.hire_licences where application_id = $1`;

describe('the licence a hire agreed', () => {
  test('is copied at acceptance and stays when the campaign is edited later', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      const copied = await one(q, licenceOf, [APP]);
      await q.query(`select api.set_campaign_usage_rights($1, 'organic', '{}', null, 30, null, null, null)`, [CAMPAIGN]);
      return [copied, await one(q, licenceOf, [APP])];
    });
    const agreed = { usage_kind: 'paid', usage_platforms: ['instagram', 'tiktok'], usage_territory: ['US'], usage_term_days: 90,
      price: 30000, exclusivity_category: 'skincare', exclusivity_days: 30, content: 50000 };
    expect(rows[0]).toMatchObject(agreed);
    expect(rows[1]).toMatchObject(agreed);
    expect(rows[0]).toMatchObject({ term: 90 });
  });

  test('refuses every change of the agreed terms, even by the table owner; the end moves only later', async () => {
    const outcome = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      await become(q, 'postgres');
      const price = await fails(q, `update app.hire_licences set usage_price_cents = 1 where application_id = $1`, [APP]);
      const kind = await fails(q, `update app.hire_licences set usage_kind = 'organic', usage_price_cents = null where application_id = $1`, [APP]);
      const shorter = await fails(q, `update app.hire_licences set ends_at = ends_at - interval '1 day' where application_id = $1`, [APP]);
      const longer = (await q.query(`update app.hire_licences set ends_at = ends_at + interval '30 days' where application_id = $1 returning 1`, [APP])).rows.length;
      return { price, kind, shorter, longer };
    });
    expect(outcome.price).toMatchObject({ code: '55000', detail: 'licence_immutable' });
    expect(outcome.kind).toMatchObject({ code: '55000', detail: 'licence_immutable' });
    expect(outcome.shorter).toMatchObject({ code: '55000', detail: 'licence_immutable' });
    expect(outcome.longer).toBe(1);
  });

  test('the brand and the creator read it; another brand, another creator and anon do not; nobody writes it', async () => {
    const seen = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      const count = async (who: string) => {
        await become(q, who);
        return (await one<{ n: number }>(q, `select count(*)::int n from app.hire_licences where application_id = $1`, [APP])).n;
      };
      const result = { brand: await count(ids.brand), creator: await count(CREATOR), otherBrand: await count(ids.otherBrand), otherCreator: await count(ids.creator) };
      await become(q, ids.brand);
      const write = await fails(q, `update app.hire_licences set ends_at = ends_at + interval '1 day'`);
      const insert = await fails(q, `insert into app.hire_licences (application_id, campaign_id, brand_id, creator_id, usage_kind, usage_platforms, usage_term_days, content_cents, starts_at, ends_at)
        values ($1, $2, $3, $3, 'organic', '{}', 1, 0, now(), now() + interval '1 day')`, [ids.application(1), CAMPAIGN, ids.brand]);
      await q.exec('reset role');
      await q.exec('set local role anon');
      const anon = await fails(q, 'select 1 from app.hire_licences');
      return { ...result, write: write.code, insert: insert.code, anon: anon.code };
    });
    expect(seen).toEqual({ brand: 1, creator: 1, otherBrand: 0, otherCreator: 0, write: '42501', insert: '42501', anon: '42501' });
  });
});

describe('funding a hire with paid usage', () => {
  test('charges the content fee and the licence price once, and the memo names both parts', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      const quote = await one<{ escrow_id: string; amount_cents: number; parts: string }>(q,
        `select escrow_id, amount_cents::int, content_cents || '+' || licence_cents parts from api.hire_quote($1)`, [APP]);
      expect(quote.parts).toBe('50000+30000');
      await become(q, 'service_role');
      const first = await one<{ payment_id: string; amount: number }>(q, `select payment_id, payment_amount_cents::int amount from api.hire_payment_begin($1)`, [quote.escrow_id]);
      // A retried begin reuses the pending payment: one charge.
      const again = await one<{ payment_id: string; created: boolean }>(q, `select payment_id, created from api.hire_payment_begin($1)`, [quote.escrow_id]);
      const record = `select outcome from api.payment_record_stripe_state(stripe_payment_id => 'pi_lic_6', target_status => 'completed',
        stripe_status => 'succeeded', known_payment_id => $1, event_id => $2, event_type => 'payment_intent.succeeded')`;
      await q.query(record, [first.payment_id, 'evt_lic_6']);
      await q.query(record, [first.payment_id, 'evt_lic_6_retry']);
      await become(q, 'postgres');
      const ledger = (await q.query<{ memo: string; funded: string }>(
        `select t.memo, sum(e.amount_cents) filter (where e.account = 'stripe_balance')::text funded
         from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
         where t.escrow_id = $1 and t.kind = 'escrow_funding' group by t.id, t.memo`, [quote.escrow_id])).rows;
      return { quote: quote.amount_cents, first: first.amount, again: again.payment_id === first.payment_id && !again.created, ledger };
    });
    expect(result).toEqual({ quote: 80000, first: 80000, again: true, ledger: [{ memo: 'content 50000 cents; licence 30000 cents', funded: '80000' }] });
  });

  test('an organic hire is charged the content fee alone and its memo says licence 0', async () => {
    const memo = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.platform_settings set escrow_enabled = true`);
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      const quote = await one<{ escrow_id: string; amount_cents: number }>(q, `select escrow_id, amount_cents::int from api.hire_quote($1)`, [APP]);
      await become(q, 'service_role');
      const begun = await one<{ payment_id: string }>(q, `select payment_id from api.hire_payment_begin($1)`, [quote.escrow_id]);
      await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => 'pi_org_6', target_status => 'completed',
        stripe_status => 'succeeded', known_payment_id => $1, event_id => 'evt_org_6', event_type => 'payment_intent.succeeded')`, [begun.payment_id]);
      await become(q, 'postgres');
      return [quote.amount_cents, (await one<{ memo: string }>(q, `select memo from app.ledger_transactions where escrow_id = $1 and kind = 'escrow_funding'`, [quote.escrow_id])).memo];
    });
    expect(memo).toEqual([50000, 'content 50000 cents; licence 0 cents']);
  });
});

describe('a paid licence without a flat fee (decision 0056 amended)', () => {
  /** Escrow on; campaign 1 becomes a product (or performance) campaign buying paid usage for $300.00. */
  async function acceptPaidAs(q: Queryable, compensation: 'product' | 'performance'): Promise<void> {
    await q.query(`update app.campaigns set compensation_type = $2, compensation_cents = 0 where id = $1`, [CAMPAIGN, compensation]);
    await acceptPaid(q);
  }
  async function fund(q: Queryable, escrow: string, pi: string): Promise<void> {
    await become(q, 'service_role');
    const begun = await one<{ payment_id: string }>(q, `select payment_id from api.hire_payment_begin($1)`, [escrow]);
    const again = await one<{ payment_id: string }>(q, `select payment_id from api.hire_payment_begin($1)`, [escrow]);
    expect(again.payment_id).toBe(begun.payment_id);
    const record = `select outcome from api.payment_record_stripe_state(stripe_payment_id => $2, target_status => 'completed',
      stripe_status => 'succeeded', known_payment_id => $1, event_id => $3, event_type => 'payment_intent.succeeded')`;
    await q.query(record, [begun.payment_id, pi, `evt_${pi}`]);
    await q.query(record, [begun.payment_id, pi, `evt_${pi}_retry`]);
  }

  test('a product campaign\'s paid licence is funded on hire (content 0) and released to the creator on approval, once', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaidAs(q, 'product');
      const quote = await one<{ escrow_id: string; amount_cents: number }>(q, `select escrow_id, amount_cents::int from api.hire_quote($1)`, [APP]);
      await fund(q, quote.escrow_id, 'pi_prod_lic_6');
      await become(q, CREATOR);
      const deliverable = (await one<{ id: string }>(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1') as id`, [CAMPAIGN])).id;
      await become(q, ids.brand);
      await q.query(`select api.review_deliverable($1, 'approved')`, [deliverable]);
      // The product's bonus still goes through "Pay creator": the escrow holds no content fee.
      const bonus = await one<{ payable: number }>(q, `select payable_cents::int payable from api.payment_quote($1, 5000)`, [deliverable]);
      await become(q, 'postgres');
      const ledger = (await q.query<{ kind: string; memo: string | null; amount: string }>(
        `select t.kind, t.memo, sum(e.amount_cents) filter (where e.account = 'escrow')::text amount
         from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
         where t.escrow_id = $1 group by t.id, t.kind, t.memo order by min(e.id)`, [quote.escrow_id])).rows;
      const escrow = await one(q, `select status, amount_cents::int amount, app.hire_json(application_id) ->> 'content_cents' content,
        app.hire_json(application_id) ->> 'licence_cents' licence from app.escrows where id = $1`, [quote.escrow_id]);
      return { quote: quote.amount_cents, bonus: bonus.payable, escrow, ledger: ledger.map((r) => [r.kind, r.amount, r.kind === 'escrow_funding' ? r.memo : null]) };
    });
    expect(result).toEqual({
      quote: 30000,
      bonus: 5000,
      escrow: { status: 'released', amount: 30000, content: '0', licence: '30000' },
      ledger: [['escrow_funding', '-30000', 'content 0 cents; licence 30000 cents'], ['release', '30000', null]],
    });
  });

  test('a performance campaign\'s paid licence opens an escrow for the licence alone', async () => {
    const quote = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaidAs(q, 'performance');
      return one(q, `select amount_cents::int amount, fee_cents::int fee, status, content_cents::int content, licence_cents::int licence
        from api.hire_quote($1)`, [APP]);
    });
    expect(quote).toEqual({ amount: 30000, fee: 4500, status: 'awaiting_funding', content: 0, licence: 30000 });
  });

  test('an organic product hire opens no escrow', async () => {
    const organic = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.campaigns set compensation_type = 'product', compensation_cents = 0 where id = $1`, [CAMPAIGN]);
      await become(q, ids.brand);
      await q.query(`select api.accept_application($1)`, [APP]);
      return fails(q, `select * from api.hire_quote($1)`, [APP]);
    });
    expect(organic).toMatchObject({ code: 'PT409', detail: 'no_funding_needed' });
  });

  test('while escrow is off, a flat-fee hire\'s licence is funded on hire and its content fee paid by "Pay creator"', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q, false);
      const quote = await one<{ escrow_id: string; amount_cents: number }>(q, `select escrow_id, amount_cents::int from api.hire_quote($1)`, [APP]);
      await fund(q, quote.escrow_id, 'pi_off_lic_6');
      await become(q, CREATOR);
      const deliverable = (await one<{ id: string }>(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1') as id`, [CAMPAIGN])).id;
      await become(q, ids.brand);
      await q.query(`select api.review_deliverable($1, 'approved')`, [deliverable]);
      const content = await one<{ payable: number }>(q, `select payable_cents::int payable from api.payment_quote($1)`, [deliverable]);
      await become(q, 'postgres');
      const memo = await one<{ memo: string }>(q, `select memo from app.ledger_transactions where escrow_id = $1 and kind = 'escrow_funding'`, [quote.escrow_id]);
      const escrow = await one(q, `select status from app.escrows where id = $1`, [quote.escrow_id]);
      return { quote: quote.amount_cents, content: content.payable, memo: memo.memo, escrow };
    });
    expect(result).toEqual({ quote: 30000, content: 50000, memo: 'content 0 cents; licence 30000 cents', escrow: { status: 'released' } });
  });

  test('a flat-fee hire with a licence keeps "Pay creator" closed: its escrow holds the content fee', async () => {
    const denied = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      await become(q, 'postgres');
      await q.query(`update app.escrows set status = 'funded', funded_at = now() where application_id = $1`, [APP]);
      await become(q, CREATOR);
      const deliverable = (await one<{ id: string }>(q, `select api.submit_deliverable($1, 'https://tiktok.com/@carla/1') as id`, [CAMPAIGN])).id;
      await become(q, 'postgres');
      await q.query(`update app.deliverables set status = 'approved' where id = $1`, [deliverable]);
      await become(q, ids.brand);
      return fails(q, `select * from api.payment_quote($1)`, [deliverable]);
    });
    expect(denied).toMatchObject({ code: 'PT409', detail: 'paid_through_escrow' });
  });
});

describe('api.brand_licences (the licence library)', () => {
  const library = `select campaign_title, creator_name, usage_kind, usage_platforms, usage_territory, days_left, status
    from api.brand_licences(as_of => (select starts_at from app.hire_licences where application_id = $1) + $2::interval)
    where application_id = $1`;
  const at = (offset: string, who: string = ids.brand) =>
    runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      await become(q, who);
      return (await q.query(library, [APP, offset])).rows;
    });

  test('the brand sees the creator, the terms, the days left and the status, computed in one place', async () => {
    expect(await at('0 days')).toEqual([{ campaign_title: 'Morning Glow Serum Launch', creator_name: expect.any(String), usage_kind: 'paid',
      usage_platforms: ['instagram', 'tiktok'], usage_territory: ['US'], days_left: 90, status: 'active' }]);
    expect((await at('75 days 1 hour'))[0]).toMatchObject({ days_left: 15, status: 'active' });
    expect((await at('76 days'))[0]).toMatchObject({ days_left: 14, status: 'ending_soon' });
    expect((await at('89 days 21 hours'))[0]).toMatchObject({ days_left: 1, status: 'ending_soon' });
    expect((await at('90 days'))[0]).toMatchObject({ days_left: 0, status: 'expired' });
  });

  test('the creator and another brand see none of it; anon may not call it; a canceled hire drops out', async () => {
    expect(await at('0 days', CREATOR)).toEqual([]);
    expect(await at('0 days', ids.otherBrand)).toEqual([]);
    const anon = await runAs(ctx.db, 'anon', async (q) => fails(q, 'select * from api.brand_licences()'));
    expect(anon.code).toBe('42501');
    const canceled = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      await become(q, 'postgres');
      await q.query(`update app.applications set status = 'canceled' where id = $1`, [APP]);
      await become(q, ids.brand);
      return (await q.query('select application_id from api.brand_licences() where application_id = $1', [APP])).rows;
    });
    expect(canceled).toEqual([]);
  });
});

describe('app.warn_licence_ending (the 14-day reminder)', () => {
  test('tells the brand once, 14 days before the end, by bell and email; not before, not after, not another brand', async () => {
    const result = await runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      await become(q, 'postgres');
      const at = async (offset: string) =>
        (await one<{ n: number }>(q, `select app.warn_licence_ending((select starts_at from app.hire_licences where application_id = $1) + $2::interval) n`, [APP, offset])).n;
      const early = await at('75 days');
      const due = await at('76 days');
      const again = await at('80 days');
      const rows = (await q.query(`select user_id, kind, actor_id, data ->> 'days' days, data ->> 'campaign_title' title from app.notifications
        where kind = 'licence_ending' and application_id = $1`, [APP])).rows;
      const mail = (await q.query(`select template, category from app.email_outbox o join app.notifications n on n.id = o.notification_id
        where n.kind = 'licence_ending' and n.application_id = $1`, [APP])).rows;
      // A later end (a renewal) is told again before it.
      await q.query(`update app.hire_licences set ends_at = ends_at + interval '30 days' where application_id = $1`, [APP]);
      const renewed = await at('106 days');
      const expired = await at('200 days');
      return { early, due, again, rows, mail, renewed, expired };
    });
    expect(result).toEqual({
      early: 0, due: 1, again: 0,
      rows: [{ user_id: ids.brand, kind: 'licence_ending', actor_id: CREATOR, days: '14', title: 'Morning Glow Serum Launch' }],
      mail: [{ template: 'licence_ending', category: 'work' }],
      renewed: 1, expired: 0,
    });
  });

  test('only the service role runs it', async () => {
    const refused = await runAs(ctx.db, 'postgres', async (q) => {
      await become(q, ids.brand);
      return (await fails(q, 'select app.warn_licence_ending()')).code;
    });
    expect(refused).toBe('42501');
  });
});

describe('licence renewal offers', () => {
  const offer = 'select api.offer_licence_renewal($1, $2, $3) id';
  /** Runs the steps after acceptPaid, returning what each gives (a row or an error's code and detail). */
  const scene = (fn: (q: Queryable) => Promise<unknown>) =>
    runAs(ctx.db, 'postgres', async (q) => {
      await acceptPaid(q);
      return fn(q);
    });

  test('the brand offers, the creator accepts or declines; the licence does not move before funding', async () => {
    const result = await scene(async (q) => {
      await become(q, ids.brand);
      const first = (await one<{ id: string }>(q, offer, [APP, 60, 20000])).id;
      const pending = await fails(q, offer, [APP, 30, 100]);
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, true)', [first]);
      const decidedAgain = await fails(q, 'select api.decide_licence_renewal($1, false)', [first]);
      await become(q, ids.brand);
      const second = (await one<{ id: string }>(q, offer, [APP, 30, 0])).id;
      await become(q, CREATOR);
      await q.query('select api.decide_licence_renewal($1, false)', [second]);
      await become(q, 'postgres');
      const rows = (await q.query(`select term_days, price_cents::int price, status from app.licence_renewals where application_id = $1 order by created_at, term_days desc`, [APP])).rows;
      const term = await one<{ days: number }>(q, `select extract(day from ends_at - starts_at)::int days from app.hire_licences where application_id = $1`, [APP]);
      return { pending: pending.detail, decidedAgain: decidedAgain.detail, rows, days: term.days };
    });
    expect(result).toEqual({
      pending: 'renewal_pending', decidedAgain: 'renewal_decided',
      rows: [{ term_days: 60, price: 20000, status: 'accepted' }, { term_days: 30, price: 0, status: 'declined' }],
      days: 90,
    });
  });

  test('each refusal has its own code: a deleted hire, a canceled one, another brand, the creator, bad terms, anon', async () => {
    const result = await scene(async (q) => {
      await become(q, ids.brand);
      const badTerm = await fails(q, offer, [APP, 0, 100]);
      const negativeTerm = await fails(q, offer, [APP, -3, 100]);
      const badPrice = await fails(q, offer, [APP, 30, -1]);
      // Accepted, it could never be paid: a renewal is funded on its own, and a payment is $0.50 at least.
      const underMinimum = await fails(q, offer, [APP, 30, 49]);
      await become(q, ids.otherBrand);
      const otherBrand = await fails(q, offer, [APP, 30, 100]);
      await become(q, CREATOR);
      const creator = await fails(q, offer, [APP, 30, 100]);
      await become(q, ids.brand);
      const id = (await one<{ id: string }>(q, offer, [APP, 30, 100])).id;
      const brandDecides = await fails(q, 'select api.decide_licence_renewal($1, true)', [id]);
      await become(q, 'postgres');
      await q.query(`update app.applications set status = 'canceled' where id = $1`, [APP]);
      await become(q, CREATOR);
      const decideCanceled = await fails(q, 'select api.decide_licence_renewal($1, true)', [id]);
      await become(q, ids.brand);
      const canceled = await fails(q, offer, [APP, 30, 100]);
      await become(q, 'postgres');
      await q.query('delete from app.applications where id = $1', [APP]);
      await become(q, ids.brand);
      const deleted = await fails(q, offer, [APP, 30, 100]);
      await q.exec('reset role');
      await q.exec('set local role anon');
      const anon = await fails(q, offer, [APP, 30, 100]);
      const pick = (e: { code: string; detail?: string }) => [e.code, e.detail];
      return {
        badTerm: pick(badTerm), negativeTerm: pick(negativeTerm), badPrice: pick(badPrice), underMinimum: pick(underMinimum), otherBrand: pick(otherBrand), creator: pick(creator),
        brandDecides: pick(brandDecides), decideCanceled: pick(decideCanceled), canceled: pick(canceled), deleted: pick(deleted), anon: anon.code,
      };
    });
    expect(result).toEqual({
      badTerm: ['22023', 'renewal_term_invalid'],
      negativeTerm: ['22023', 'renewal_term_invalid'],
      badPrice: ['22023', 'renewal_price_invalid'],
      underMinimum: ['22023', 'renewal_price_invalid'],
      // Another brand cannot even see the hire.
      otherBrand: ['PT404', 'hire_not_found'],
      creator: ['42501', 'not_owner'],
      brandDecides: ['42501', 'not_owner'],
      decideCanceled: ['PT409', 'hire_closed'],
      canceled: ['PT409', 'hire_closed'],
      deleted: ['PT404', 'hire_not_found'],
      anon: '42501',
    });
  });
});
