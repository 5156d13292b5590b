import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import type { Queryable } from '../../testkit/runtime.ts';

// Issue 36: api.admin_tax_forms_attention takes its candidates set-wise (migration 20250203000010) instead of
// computing a balance for every creator (21.9 s at 500k creators). This holds it to the first definition:
// every creator with a payout account or money available, whose state is not 'valid', computed one by one.

const ctx = useSeededDatabase();

/** The first definition, kept here as the reference: a balance and a state for every creator. */
const REFERENCE = `
  select p.id creator_id, f.id form_id, s.st state, b.available_cents, a.creator_id is not null has_payout_account
  from app.profiles p
  left join app.tax_forms f on f.creator_id = p.id and f.superseded_at is null
  left join app.payout_accounts a on a.creator_id = p.id
  cross join lateral app.creator_balance(p.id) b
  cross join lateral (select case when f.id is null then 'missing'
    when app.tax_form_standing(f.expires_on, f.name_check, (select app.scheduler_now())::date) = 'valid' and f.name_check = 'unverified' then 'name_unverified'
    else app.tax_form_standing(f.expires_on, f.name_check, (select app.scheduler_now())::date) end st) s
  where p.role = 'creator' and (a.creator_id is not null or b.available_cents > 0) and s.st <> 'valid'
  order by case s.st when 'expired' then 0 when 'name_mismatch' then 0 when 'missing' then 1 when 'expiring_soon' then 2 else 3 end,
    f.expires_on nulls first, b.available_cents desc, p.id`;

type Row = { creator_id: string; form_id: string | null; state: string; available_cents: number; has_payout_account: boolean };
const asNumbers = (rows: Row[]) => rows.map((r) => ({ ...r, available_cents: Number(r.available_cents) }));

async function both(q: Queryable, day: string): Promise<{ setwise: Row[]; reference: Row[]; top: Row[]; totals: number[] }> {
  await q.query(`select set_config('app.scheduler_clock', $1, true)`, [`${day}T12:00:00Z`]);
  const reference = asNumbers((await q.query<Row>(REFERENCE)).rows);
  await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [ids.admin]);
  await q.query('set local role authenticated');
  const columns = 'creator_id, form_id, state, available_cents, has_payout_account';
  const setwise = asNumbers((await q.query<Row>(`select ${columns} from api.admin_tax_forms_attention()`)).rows);
  // The most urgent one alone, with the count of all.
  const one = (await q.query<Row & { total_count: string }>(`select ${columns}, total_count from api.admin_tax_forms_attention(1)`)).rows;
  const totals = (await q.query<{ total_count: string }>(`select total_count from api.admin_tax_forms_attention()`)).rows.map((r) => Number(r.total_count));
  await q.query('reset role');
  const top = asNumbers(one.map(({ total_count: _count, ...r }) => r));
  return { setwise, reference, top, totals: [...new Set([...totals, ...one.map((r) => Number(r.total_count))])] };
}

describe('the forms needing attention, set-wise', () => {
  test('the same rows in the same order as a balance and a state per creator, on either side of every boundary', async () => {
    const seen = await runAs(ctx.db, 'postgres', async (q) => {
      // The seed: c01 has money available and no payout account, c02, c03 and c05 have payout accounts, c04
      // has one and no form; every other creator has a form and neither.
      const [money, noForm, mismatched, unverified, unpayable, soon, edge, lapsed] = [1, 2, 3, 5, 6, 7, 8, 9].map((n) => ids.creatorN(n)) as
        [string, string, string, string, string, string, string, string];
      await q.query(`insert into app.payout_accounts (creator_id, country) select unnest($1::uuid[]), 'MX'`, [[soon, edge, lapsed]]);
      const day = '2027-06-01';
      const expires = (who: string, on: string) =>
        q.query(`update app.tax_forms set expires_on = $2::date where creator_id = $1 and superseded_at is null`, [who, on]);
      await q.query(`update app.tax_forms set superseded_at = now() where creator_id = any ($1) and superseded_at is null`, [[noForm, money]]);
      await q.query(`update app.tax_forms set name_check = 'mismatched' where creator_id = $1 and superseded_at is null`, [mismatched]);
      await q.query(`update app.tax_forms set name_check = 'unverified' where creator_id = $1 and superseded_at is null`, [unverified]);
      // 89 days before the end is 'expiring_soon', 90 is still 'valid' (app.tax_form_state), the day after the end 'expired';
      // an expired form of a creator with neither a payout account nor money is nobody's work.
      await expires(soon, '2027-08-29');
      await expires(edge, '2027-08-30');
      await expires(lapsed, '2027-05-31');
      await expires(unpayable, '2027-05-31');
      const results = [];
      for (const at of [day, '2027-05-31', '2027-06-02', '2027-08-29', '2027-08-30', '2027-08-31', new Date().toISOString().slice(0, 10), '2035-01-01']) {
        results.push({ at, ...(await both(q, at)) });
      }
      return { results, who: { noForm, mismatched, unverified, unpayable, soon, edge, lapsed, money } };
    });
    for (const r of seen.results) {
      expect(r.setwise, r.at).toEqual(r.reference);
      expect(r.top, r.at).toEqual(r.reference.slice(0, 1));
      expect(r.totals, r.at).toEqual(r.reference.length ? [r.reference.length] : []);
    }
    const first = seen.results[0]!.reference;
    const stateOf = (id: string) => first.find((r) => r.creator_id === id)?.state;
    // The comparison is worth something only if every kind of row is there.
    expect(stateOf(seen.who.noForm)).toBe('missing');
    expect(stateOf(seen.who.mismatched)).toBe('name_mismatch');
    expect(stateOf(seen.who.unverified)).toBe('name_unverified');
    expect(stateOf(seen.who.soon)).toBe('expiring_soon');
    expect(stateOf(seen.who.edge)).toBeUndefined();
    expect(stateOf(seen.who.lapsed)).toBe('expired');
    expect(stateOf(seen.who.unpayable)).toBeUndefined();
    expect(stateOf(seen.who.money)).toBe('missing');
    expect(first.find((r) => r.creator_id === seen.who.money)).toMatchObject({ has_payout_account: false });
    expect(first.find((r) => r.creator_id === seen.who.money)!.available_cents).toBeGreaterThan(0);
  });

  test('a list holds 1 to 1000 rows', async () => {
    for (const size of [0, 1001]) {
      expect(await errorAs(ctx.db, as(ids.admin), 'select * from api.admin_tax_forms_attention($1)', [size])).toMatchObject({ code: '22023', detail: 'page_size_invalid' });
    }
  });

  test('app.tax_form_gaps notes a creator who may be paid with no form (a payout account, a credit), and forgets them when they sign', async () => {
    const seen = await runAs(ctx.db, 'postgres', async (q) => {
      const noted = async (who: string) => (await q.query(`select 1 from app.tax_form_gaps where creator_id = $1`, [who])).rows.length === 1;
      const camila = ids.creatorN(4); // the seed's payout account without a form
      const paid = ids.creatorN(10); // a form, no payout account, no money
      const signer = ids.creatorN(11);
      const steps: Record<string, boolean> = { seedAccountWithoutForm: await noted(camila) };
      // A credit to the available balance of a creator whose form is then superseded without a new one.
      await q.query(`update app.tax_forms set superseded_at = now() where creator_id = $1 and superseded_at is null`, [paid]);
      steps.supersededWithoutNew = await noted(paid);
      await q.query(`delete from app.tax_form_gaps where creator_id = $1`, [paid]);
      await q.query(`select app.ledger_post('chargeback_reversal', 'gap-test', $2::jsonb, creator_id => $1)`,
        [paid, JSON.stringify([{ account: 'stripe_balance', amount_cents: 1000 }, { account: 'creator_available', amount_cents: -1000 }])]);
      steps.creditWithoutForm = await noted(paid);
      // A debit (a payout leaving the balance) notes nobody; a creator with a form on file is not noted.
      await q.query(`delete from app.tax_form_gaps where creator_id = $1`, [paid]);
      await q.query(`select app.ledger_post('payout', 'gap-test', $2::jsonb, creator_id => $1)`,
        [paid, JSON.stringify([{ account: 'creator_available', amount_cents: 1000 }, { account: 'creator_in_transit', amount_cents: -1000 }])]);
      steps.debit = await noted(paid);
      await q.query(`insert into app.payout_accounts (creator_id, country) values ($1, 'MX')`, [signer]);
      steps.accountWithForm = await noted(signer);
      // Signing again (supersede, then insert) leaves nobody noted; a first form takes the creator out.
      await q.query(`update app.tax_forms set superseded_at = now() where creator_id = $1 and superseded_at is null`, [signer]);
      await q.query(`create temporary table again on commit drop as select * from app.tax_forms where creator_id = $1 order by created_at desc limit 1`, [signer]);
      await q.query(`update again set id = gen_random_uuid(), superseded_at = null`);
      await q.query(`insert into app.tax_forms select * from again`);
      steps.signedAgain = await noted(signer);
      return steps;
    });
    expect(seen).toEqual({ seedAccountWithoutForm: true, supersededWithoutNew: true, creditWithoutForm: true, debit: false, accountWithForm: false, signedAgain: false });
    // Nobody but the database reads it.
    for (const who of [as(ids.admin), as(ids.creatorN(4)), 'anon' as const]) {
      expect((await errorAs(ctx.db, who, `select * from app.tax_form_gaps`)).code).toBe('42501');
    }
  });
});
