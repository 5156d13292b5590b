import { describe, expect, test } from 'vitest';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import { acceptAndFund, become, decide, fails, hireScenes, ISABELLA, one, submit } from '../../testkit/db/hire-scene.ts';
import { ids } from '../../testkit/db/personas.ts';
import type { Queryable } from '../../testkit/runtime.ts';

// Issue 36 item 1 (decision 0044): a payout waits, with a reason the creator can act on, while no valid
// tax form is on file; the money stays available and is paid once a form is signed.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const CREATOR = ISABELLA.creator;

/** Isabella's hire approved (its money available to her) and her payout account verified. */
async function payable(q: Queryable) {
  await acceptAndFund(q);
  await decide(q, await submit(q), 'approved');
  await become(q, 'service_role');
  await q.query(`select api.payout_account_save($1, 'BR', 'acct_isabella')`, [CREATOR]);
  await q.query(`select api.payout_account_record('acct_isabella', true, 'Nubank •••• 4410')`);
}

const begin = `select * from api.payout_begin($1, $2)`;
const balances = `select coalesce(-sum(amount_cents) filter (where account = 'creator_available'), 0)::int available,
  coalesce(-sum(amount_cents) filter (where account = 'creator_in_transit'), 0)::int in_transit
  from app.ledger_entries where creator_id = $1`;

async function withoutForm(q: Queryable) {
  await become(q, 'postgres');
  await q.query(`delete from app.tax_forms where creator_id = $1`, [CREATOR]);
}

describe('payouts wait for a valid tax form', () => {
  test('no form: the creator\'s request and the schedule are held with tax_form_missing; nothing moves', async () => {
    await scene(async (q) => {
      await payable(q);
      await withoutForm(q);
      const before = await one(q, balances, [CREATOR]);
      await become(q, 'service_role');
      for (const by of ['creator', 'schedule']) {
        expect(await fails(q, begin, [CREATOR, by])).toMatchObject({ code: 'PT409', detail: 'tax_form_missing' });
      }
      expect((await q.query(`select creator_id from api.payouts_due()`)).rows).toEqual([]);
      await become(q, 'postgres');
      expect(await one(q, balances, [CREATOR])).toEqual(before);
      expect(before).toEqual({ available: 42500, in_transit: 0 });
      expect((await q.query(`select 1 from app.payouts where creator_id = $1`, [CREATOR])).rows).toEqual([]);
    });
  });

  test('an expired W-8: held with tax_form_expired; expiring soon still pays', async () => {
    await scene(async (q) => {
      await payable(q);
      await become(q, 'postgres');
      await q.query(`update app.tax_forms set signed_on = '2022-05-01', expires_on = '2025-12-31' where creator_id = $1`, [CREATOR]);
      await become(q, 'service_role');
      await q.query(`select set_config('app.scheduler_clock', '2026-01-01T00:00:00Z', true)`);
      expect(await fails(q, begin, [CREATOR, 'creator'])).toMatchObject({ code: 'PT409', detail: 'tax_form_expired' });
      expect((await q.query(`select creator_id from api.payouts_due()`)).rows).toEqual([]);
      await q.query(`select set_config('app.scheduler_clock', '2025-12-01T00:00:00Z', true)`);
      expect((await q.query(`select creator_id from api.payouts_due()`)).rows).toEqual([{ creator_id: CREATOR }]);
      const p = await one<{ amount_cents: string; created: boolean }>(q, begin, [CREATOR, 'creator']);
      expect([Number(p.amount_cents), p.created]).toEqual([42500, true]);
    });
  });

  test('the held money is paid once the creator signs a form', async () => {
    await scene(async (q) => {
      await payable(q);
      await withoutForm(q);
      await become(q, 'service_role');
      expect(await fails(q, begin, [CREATOR, 'creator'])).toMatchObject({ detail: 'tax_form_missing' });
      await become(q, CREATOR);
      await q.query(`select * from api.tax_form_submit($1::jsonb)`, [JSON.stringify({
        form_type: 'w8ben', legal_name: 'Isabella Torres', citizenship_country: 'BR', date_of_birth: '1998-08-08',
        address_street: 'Rua Augusta 1500, ap. 41', address_city: 'São Paulo SP 01304-001', address_country: 'BR',
        tin_kind: 'cpf', tin: '987.654.321-00', signer_name: 'Isabella Torres', perjury_accepted: true })]);
      await become(q, 'service_role');
      const p = await one<{ amount_cents: string; created: boolean }>(q, begin, [CREATOR, 'creator']);
      expect([Number(p.amount_cents), p.created]).toEqual([42500, true]);
    });
  });

  test('an open payout started before the form lapsed is carried on, not stranded', async () => {
    await scene(async (q) => {
      await payable(q);
      await become(q, 'service_role');
      const first = await one<{ payout_id: string }>(q, begin, [CREATOR, 'schedule']);
      await withoutForm(q);
      await become(q, 'service_role');
      const again = await one<{ payout_id: string; created: boolean }>(q, begin, [CREATOR, 'schedule']);
      expect([again.payout_id, again.created]).toEqual([first.payout_id, false]);
    });
  });
});

// Issue 36 item 1: the payout account holder's legal name comes from Stripe (the account's identity) through
// api.payout_account_record; once known, the form on file is held to it (decision 0051).
describe('the form on file is checked against the holder Stripe reports', () => {
  const record = `select api.payout_account_record('acct_isabella', true, 'Nubank •••• 4410', holder_name => $1) r`;
  const standing = `select f.name_check, app.tax_form_state_of(f.creator_id) state from app.tax_forms f where f.creator_id = $1 and f.superseded_at is null`;

  test('the same name (accents and case aside) matches; another holder holds payouts with tax_form_name_mismatch until a form in the holder\'s name is signed', async () => {
    await scene(async (q) => {
      await payable(q);
      // The seed marks its forms matched; a form signed before Stripe named the holder is unverified.
      await become(q, 'postgres');
      await q.query(`update app.tax_forms set name_check = 'unverified' where creator_id = $1`, [CREATOR]);
      await become(q, 'service_role');
      expect(await one(q, record, ['ISABELLA  TÓRRES'])).toEqual({ r: 'applied' });
      await become(q, 'postgres');
      expect(await one(q, standing, [CREATOR])).toEqual({ name_check: 'matched', state: 'valid' });

      // A new bank account with another holder: the form no longer matches, and nothing is paid.
      await become(q, 'service_role');
      expect(await one(q, record, ['Cami Cocina SRL'])).toEqual({ r: 'applied' });
      await become(q, 'postgres');
      expect(await one(q, standing, [CREATOR])).toEqual({ name_check: 'mismatched', state: 'name_mismatch' });
      await become(q, 'service_role');
      for (const by of ['creator', 'schedule']) {
        expect(await fails(q, begin, [CREATOR, by])).toMatchObject({ code: 'PT409', detail: 'tax_form_name_mismatch' });
      }
      expect((await q.query(`select creator_id from api.payouts_due()`)).rows).toEqual([]);
      await become(q, CREATOR);
      expect(await one(q, `select state from api.my_tax_form()`)).toEqual({ state: 'name_mismatch' });
      await become(q, ids.admin);
      expect((await q.query(`select state from api.admin_tax_forms_attention() where creator_id = $1`, [CREATOR])).rows).toEqual([{ state: 'name_mismatch' }]);

      // Re-signing in her own name is refused (the holder is known); a form for the holder's entity goes through and pays.
      await become(q, CREATOR);
      const form = {
        address_street: 'Rua Augusta 1500, ap. 41', address_city: 'São Paulo SP 01304-001', address_country: 'BR',
        perjury_accepted: true };
      expect(await fails(q, `select * from api.tax_form_submit($1::jsonb)`, [JSON.stringify({ ...form,
        form_type: 'w8ben', legal_name: 'Isabella Torres', citizenship_country: 'BR', date_of_birth: '1998-08-08',
        tin_kind: 'cpf', tin: '987.654.321-00', signer_name: 'Isabella Torres' })])).toMatchObject({ detail: 'signer_not_account_holder' });
      await q.query(`select * from api.tax_form_submit($1::jsonb)`, [JSON.stringify({ ...form,
        form_type: 'w8bene', legal_name: 'Cami Cocina SRL', incorporation_country: 'BR', entity_status: 'corporation', fatca_status: 'active_nffe',
        tin_kind: 'cnpj', tin: '11.222.333/0001-81', signer_name: 'Isabella Torres', signer_capacity: 'Director' })]);
      await become(q, CREATOR);
      expect(await one(q, `select state from api.my_tax_form()`)).toEqual({ state: 'valid' });
      await become(q, 'service_role');
      const p = await one<{ amount_cents: string; created: boolean }>(q, begin, [CREATOR, 'creator']);
      expect([Number(p.amount_cents), p.created]).toEqual([42500, true]);
    });
  });

  test('an answer without a name keeps the holder known; an expired form stays expired whatever its name', async () => {
    await scene(async (q) => {
      await payable(q);
      await become(q, 'service_role');
      expect(await one(q, record, ['Isabella Torres'])).toEqual({ r: 'applied' });
      expect(await one(q, record, [null])).toEqual({ r: 'unchanged' });
      expect(await one(q, record, ['  '])).toEqual({ r: 'unchanged' });
      await become(q, 'postgres');
      expect(await one(q, `select holder_name from app.payout_accounts where creator_id = $1`, [CREATOR])).toEqual({ holder_name: 'Isabella Torres' });
      await q.query(`update app.tax_forms set signed_on = '2022-05-01', expires_on = '2025-12-31' where creator_id = $1`, [CREATOR]);
      await become(q, 'service_role');
      await q.query(`select api.payout_account_record('acct_isabella', true, 'Nubank •••• 4410', holder_name => 'Someone Else')`);
      await q.query(`select set_config('app.scheduler_clock', '2026-01-01T00:00:00Z', true)`);
      expect(await fails(q, begin, [CREATOR, 'creator'])).toMatchObject({ detail: 'tax_form_expired' });
    });
  });

  test('only the service role records what Stripe says', async () => {
    await scene(async (q) => {
      for (const who of [CREATOR, ids.admin, ids.brand]) {
        await become(q, who);
        expect(await fails(q, record, ['Anyone'])).toMatchObject({ code: '42501' });
      }
    });
  });
});
