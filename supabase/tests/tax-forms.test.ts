import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import type { Queryable } from '../../testkit/runtime.ts';
import { INVALID_TAX_IDS, VALID_TAX_IDS } from './tax-id-corpus.ts';

// Issue 36 item 1 (decision 0044): a creator signs a W-8BEN, W-8BEN-E or W-9 in the app; its number is
// checked by its country's rules in the database too, stored encrypted, shown masked to the creator and in
// full to admins only; W-8 forms lapse on Dec 31 of the third year after signing.

const ctx = useSeededDatabase();
const camila = ids.creatorN(4); // the seed's creator without a form (Argentina)
const sofia = ids.creator; // signed a W-8BEN as a resident of Colombia

const w8ben = (over: Record<string, unknown> = {}) => ({
  form_type: 'w8ben', legal_name: 'Camila Herrera', citizenship_country: 'AR', date_of_birth: '1994-10-09',
  address_street: 'Av. Santa Fe 3250, 7A', address_city: 'Buenos Aires C1425', address_country: 'AR',
  tin_kind: 'cuit', tin: '27-33445566-7', signer_name: 'Camila Herrera', perjury_accepted: true, ...over,
});
const submit = `select * from api.tax_form_submit($1::jsonb)`;

async function detailOf(persona: Parameters<typeof errorAs>[1], body: object) {
  const e = await errorAs(ctx.db, persona, submit, [JSON.stringify(body)]);
  return e.detail ?? e.code;
}

async function atClock(q: Queryable, day: string) {
  await q.query(`select set_config('app.scheduler_clock', $1, true)`, [`${day}T12:00:00Z`]);
}

describe('the database applies the contract\'s rules to identifying numbers', () => {
  test('every valid number of the corpus passes app.tax_id_problem', async () => {
    const rows = await rowsAs<{ kind: string; value: string; problem: string | null }>(ctx.db, 'postgres',
      `select k kind, v value, app.tax_id_problem(k, v) problem from unnest($1::text[], $2::text[]) x(k, v)`,
      [VALID_TAX_IDS.map((c) => c[0]), VALID_TAX_IDS.map((c) => c[1])]);
    expect(rows.filter((r) => r.problem !== null)).toEqual([]);
  });

  test('every refused number of the corpus is refused for the same reason', async () => {
    const rows = await rowsAs<{ problem: string | null }>(ctx.db, 'postgres',
      `select app.tax_id_problem(k, v) problem from unnest($1::text[], $2::text[]) with ordinality x(k, v, n) order by n`,
      [INVALID_TAX_IDS.map((c) => c[0]), INVALID_TAX_IDS.map((c) => c[1])]);
    expect(rows.map((r) => r.problem)).toEqual(INVALID_TAX_IDS.map((c) => c[2]));
  });
});

describe('a creator signs a form', () => {
  test('a W-8BEN is stored with its number encrypted, shown masked, valid until Dec 31 of the third year', async () => {
    await runAs(ctx.db, as(camila), async (q) => {
      await atClock(q, '2026-03-15');
      const [r] = (await q.query(submit, [JSON.stringify(w8ben())])).rows;
      expect(r).toMatchObject({ form_type: 'w8ben', tin_masked: '•••• 5667', expires_on: expect.anything(), state: 'valid' });
      const [mine] = (await q.query(`select form_type, legal_name, tin_kind, tin_masked, state, expires_on::text from api.my_tax_form()`)).rows;
      expect(mine).toEqual({ form_type: 'w8ben', legal_name: 'Camila Herrera', tin_kind: 'cuit', tin_masked: '•••• 5667', state: 'valid', expires_on: '2029-12-31' });
      // The ciphertext is not the number, and no client role may select it.
      await q.query('reset role');
      const [stored] = (await q.query<{ raw: string; tin_last4: string }>(`select encode(tin_encrypted, 'escape') raw, tin_last4 from app.tax_forms where creator_id = $1`, [camila])).rows;
      expect(stored!.raw).not.toContain('27334455667');
      expect(stored!.tin_last4).toBe('5667');
      // An OpenPGP symmetric-key session packet (RFC 4880 5.3): version 4, AES-256 (9), salted S2K (1), not
      // iterated: the key is random, iterations would only slow every read (decision 0061).
      const [packet] = (await q.query<{ v: number; cipher: number; s2k: number; back: string }>(
        `select get_byte(tin_encrypted, 2) v, get_byte(tin_encrypted, 3) cipher, get_byte(tin_encrypted, 4) s2k,
           extensions.pgp_sym_decrypt(tin_encrypted, app.tax_id_key(tin_key_source)) back
         from app.tax_forms where creator_id = $1`, [camila])).rows;
      expect(packet).toEqual({ v: 4, cipher: 9, s2k: 1, back: '27334455667' });
    });
    expect((await errorAs(ctx.db, as(camila), `select tin_encrypted from app.tax_forms`)).code).toBe('42501');
  });

  test('the state follows the clock: valid, expiring soon (90 days before), expired', async () => {
    const stateOn = (day: string) => runAs(ctx.db, as(sofia), async (q) => {
      await q.query('reset role');
      await q.query(`update app.tax_forms set signed_on = '2023-06-01', expires_on = '2026-12-31' where creator_id = $1`, [sofia]);
      await q.query('set local role authenticated');
      await atClock(q, day);
      return (await q.query<{ state: string }>(`select state from api.my_tax_form()`)).rows[0]!.state;
    });
    expect(await stateOn('2026-10-02')).toBe('valid');
    expect(await stateOn('2026-10-03')).toBe('expiring_soon');
    expect(await stateOn('2026-12-31')).toBe('expiring_soon');
    expect(await stateOn('2027-01-01')).toBe('expired');
  });

  test('a W-9 does not expire; a new form replaces the one on file and keeps it as history', async () => {
    await runAs(ctx.db, as(camila), async (q) => {
      await q.query(submit, [JSON.stringify(w8ben())]);
      const [r] = (await q.query(submit, [JSON.stringify({
        form_type: 'w9', legal_name: 'Camila Herrera', business_name: 'Cami Cocina LLC', tax_classification: 'llc_s',
        address_street: '100 Main St', address_city: 'Miami, FL 33101', address_country: 'US', tin_kind: 'ein', tin: '12-3456789',
        signer_name: 'Camila Herrera', perjury_accepted: true })])).rows;
      expect(r).toMatchObject({ form_type: 'w9', tin_masked: '•••• 6789', expires_on: null, state: 'valid' });
      const rows = (await q.query(`select form_type, superseded_at is null on_file from app.tax_forms where creator_id = $1 order by created_at, on_file`, [camila])).rows;
      expect(rows).toEqual([{ form_type: 'w8ben', on_file: false }, { form_type: 'w9', on_file: true }]);
    });
  });

  test('a W-8BEN-E takes the entity\'s number and fields', async () => {
    // The entity is the payout account's holder (decision 0051).
    const rows = await runAs(ctx.db, as(camila), async (q) => {
      await q.query('reset role');
      await q.query(`update app.payout_accounts set holder_name = 'Cami Cocina SRL' where creator_id = $1`, [camila]);
      await q.query('set local role authenticated');
      return (await q.query(submit, [JSON.stringify({
        form_type: 'w8bene', legal_name: 'Cami Cocina S.R.L.', incorporation_country: 'AR', entity_status: 'corporation',
        fatca_status: 'active_nffe', address_street: 'Av. Santa Fe 3250', address_city: 'Buenos Aires C1425', address_country: 'AR',
        tin_kind: 'cuit', tin: '30-50001091-2', signer_name: 'Camila Herrera', signer_capacity: 'Socia gerente', perjury_accepted: true })])).rows;
    });
    expect(rows).toMatchObject([{ form_type: 'w8bene', tin_masked: '•••• 0912', state: 'valid' }]);
  });

  test.each([
    ['a wrong check digit', { tin: '27-33445566-8' }, 'tin_check_digit'],
    ['a number of the wrong layout', { tin: '27-3344556-7' }, 'tin_format'],
    ['another country\'s kind', { tin_kind: 'cpf', tin: '529.982.247-25' }, 'tin_kind_mismatch'],
    ['a company CUIT on an individual\'s form', { tin: '30-50001091-2' }, 'tin_kind_mismatch'],
    ['no number', { tin: ' ' }, 'tin_required'],
    ['no certification', { perjury_accepted: false }, 'certification_required'],
    ['the certification as text', { perjury_accepted: 'true' }, 'certification_required'],
    ['a signature that is not the name on line 1', { signer_name: 'C. Herrera' }, 'signer_name_mismatch'],
    ['no signature', { signer_name: '' }, 'signer_name_mismatch'],
    ['a residence in the United States on a W-8', { address_country: 'US' }, 'residence_country_not_supported'],
    ['no address', { address_street: '  ' }, 'address_required'],
    ['a minor', { date_of_birth: '2015-01-01' }, 'date_of_birth_invalid'],
    ['no date of birth', { date_of_birth: 'soon' }, 'date_of_birth_invalid'],
    ['a treaty with another country', { treaty_country: 'MX', treaty_rate_bps: 0 }, 'treaty_country_mismatch'],
    ['a treaty rate over 30%', { treaty_country: 'AR', treaty_rate_bps: 3500 }, 'treaty_rate_invalid'],
    ['an unknown form', { form_type: 'w8imy' }, 'form_type_invalid'],
  ])('refused: %s', async (_name, over, detail) => {
    expect(await detailOf(as(camila), w8ben(over))).toBe(detail);
    expect(await rowsAs(ctx.db, 'postgres', `select 1 from app.tax_forms where creator_id = $1`, [camila])).toEqual([]);
  });

  test('an RFC of a persona moral does not fit a W-8BEN, a generic RFC fits nothing', async () => {
    const mx = { address_country: 'MX', citizenship_country: 'MX', tin_kind: 'rfc' };
    expect(await detailOf(as(camila), w8ben({ ...mx, tin: 'SAT970701NN3' }))).toBe('tin_kind_mismatch');
    expect(await detailOf(as(camila), w8ben({ ...mx, tin: 'XAXX010101000' }))).toBe('tin_generic');
    expect(await detailOf(as(camila), w8ben({ ...mx, tin: 'GODE561231GR9' }))).toBe('tin_check_digit');
  });

  test('W-9 numbers: never-issued SSN ranges and EIN prefixes', async () => {
    const w9 = (tin_kind: string, tin: string) => ({ form_type: 'w9', legal_name: 'Camila Herrera', tax_classification: 'individual',
      address_street: '100 Main St', address_city: 'Miami, FL 33101', address_country: 'US', tin_kind, tin, signer_name: 'Camila Herrera', perjury_accepted: true });
    expect(await detailOf(as(camila), w9('ssn', '666-12-3456'))).toBe('tin_not_issued');
    expect(await detailOf(as(camila), w9('ein', '07-1234567'))).toBe('tin_not_issued');
    expect(await detailOf(as(camila), w9('cuit', '27-33445566-7'))).toBe('tin_kind_mismatch');
    expect(await detailOf(as(camila), { ...w9('ssn', '536-22-1234'), tax_classification: 'sole_prop' })).toBe('tax_classification_required');
  });

  test('only creators sign forms: a brand and an admin are refused, anon cannot call it', async () => {
    expect(await detailOf(as(ids.brand), w8ben())).toBe('not_creator');
    expect(await detailOf(as(ids.admin), w8ben())).toBe('not_creator');
    expect((await errorAs(ctx.db, 'anon', submit, [JSON.stringify(w8ben())])).code).toBe('42501');
  });
});

describe('who reads the forms', () => {
  test('a creator reads their own form only; another creator, a brand and anon read none of it', async () => {
    const own = await rowsAs<{ creator_id: string }>(ctx.db, as(sofia), `select creator_id from app.tax_forms`);
    expect(own.map((r) => r.creator_id)).toEqual([sofia]);
    const other = await rowsAs<{ creator_id: string }>(ctx.db, as(ids.otherCreator), `select creator_id from app.tax_forms`);
    expect(other.map((r) => r.creator_id)).toEqual([ids.otherCreator]);
    expect(await rowsAs(ctx.db, as(ids.brand), `select id from app.tax_forms`)).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.brand), `select * from api.my_tax_form()`)).toEqual([]);
    expect((await errorAs(ctx.db, 'anon', `select id from app.tax_forms`)).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', `select * from api.my_tax_form()`)).code).toBe('42501');
  });

  test('a creator without a form reads it as missing', async () => {
    expect(await rowsAs(ctx.db, as(camila), `select form_id, tin_masked, state from api.my_tax_form()`))
      .toEqual([{ form_id: null, tin_masked: null, state: 'missing' }]);
  });

  test('admins read every form and a full number; nobody else reads a full number', async () => {
    const all = await rowsAs<{ n: number }>(ctx.db, as(ids.admin), `select count(*)::int n from app.tax_forms`);
    expect(all[0]!.n).toBe(11);
    const [form] = await rowsAs<{ id: string }>(ctx.db, 'postgres', `select id from app.tax_forms where creator_id = $1`, [sofia]);
    expect(await rowsAs(ctx.db, as(ids.admin), `select api.admin_tax_form_tin($1) tin`, [form!.id])).toEqual([{ tin: '10203040508' }]);
    for (const who of [as(sofia), as(ids.otherCreator), as(ids.brand)]) {
      expect((await errorAs(ctx.db, who, `select api.admin_tax_form_tin($1)`, [form!.id])).detail).toBe('not_admin');
    }
    expect((await errorAs(ctx.db, 'anon', `select api.admin_tax_form_tin($1)`, [form!.id])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.admin), `select api.admin_tax_form_tin($1)`, [ids.campaign(1)])).detail).toBe('tax_form_not_found');
  });

  test('admins see the forms needing attention: missing first among payable creators, then expiring', async () => {
    const rows = await runAs(ctx.db, as(ids.admin), async (q) => {
      await atClock(q, `${new Date().getUTCFullYear() + 3}-11-15`);
      return (await q.query<{ creator_id: string; state: string }>(`select creator_id, state from api.admin_tax_forms_attention()`)).rows;
    });
    // Camila has a payout account and no form; the creators with accounts and forms signed this year lapse in 46 days.
    expect(rows[0]).toEqual({ creator_id: camila, state: 'missing' });
    expect(rows.slice(1).every((r) => r.state === 'expiring_soon' || r.state === 'expired')).toBe(true);
    expect(rows.map((r) => r.creator_id)).toContain(ids.creatorN(5));
    const today = await rowsAs<{ creator_id: string; state: string }>(ctx.db, as(ids.admin), `select creator_id, state from api.admin_tax_forms_attention()`);
    expect(today.map((r) => r.creator_id)).not.toContain(sofia);
    for (const who of [as(sofia), as(ids.brand)]) {
      expect((await errorAs(ctx.db, who, `select * from api.admin_tax_forms_attention()`)).detail).toBe('not_admin');
    }
    expect((await errorAs(ctx.db, 'anon', `select * from api.admin_tax_forms_attention()`)).code).toBe('42501');
  });
});
