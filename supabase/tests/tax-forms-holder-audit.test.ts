import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 36 item 1 (decision 0051): a form's payee must be the payout account's holder where the app knows
// the holder's name (refused otherwise), and is flagged for admins where it does not; every full number an
// admin reads leaves an audit row.

const ctx = useSeededDatabase();
const camila = ids.creatorN(4); // no form; a payout account (holder "Camila Herrera" in the seed)
const sofia = ids.creator;
const submit = `select * from api.tax_form_submit($1::jsonb)`;

const w8ben = (over: Record<string, unknown> = {}) => ({
  form_type: 'w8ben', legal_name: 'Camila Herrera', citizenship_country: 'AR', date_of_birth: '1994-10-09',
  address_street: 'Av. Santa Fe 3250, 7A', address_city: 'Buenos Aires C1425', address_country: 'AR',
  tin_kind: 'cuit', tin: '27-33445566-7', signer_name: 'Camila Herrera', perjury_accepted: true, ...over,
});
const w8bene = (over: Record<string, unknown> = {}) => ({
  form_type: 'w8bene', legal_name: 'Cami Cocina S.R.L.', incorporation_country: 'AR', entity_status: 'corporation',
  fatca_status: 'active_nffe', address_street: 'Av. Santa Fe 3250', address_city: 'Buenos Aires C1425', address_country: 'AR',
  tin_kind: 'cuit', tin: '30-50001091-2', signer_name: 'Camila Herrera', signer_capacity: 'Socia gerente', perjury_accepted: true, ...over,
});

/** Signs as Camila with the payout account's holder name set to `holder` first (null: not known), in one rolled-back transaction. */
function signWithHolder(holder: string | null, body: object) {
  return runAs(ctx.db, as(camila), async (q) => {
    await q.query('reset role');
    await q.query(`update app.payout_accounts set holder_name = $2 where creator_id = $1`, [camila, holder]);
    await q.query('set local role authenticated');
    await q.query(submit, [JSON.stringify(body)]);
    await q.query('reset role');
    const [form] = (await q.query<{ name_check: string }>(`select name_check from app.tax_forms where creator_id = $1 and superseded_at is null`, [camila])).rows;
    return { nameCheck: form!.name_check };
  });
}

async function refusalWithHolder(holder: string, body: object) {
  return runAs(ctx.db, as(camila), async (q) => {
    await q.query('reset role');
    await q.query(`update app.payout_accounts set holder_name = $2 where creator_id = $1`, [camila, holder]);
    await q.query('set local role authenticated');
    try {
      await q.query(submit, [JSON.stringify(body)]);
      return 'accepted';
    } catch (e) {
      return (e as { detail?: string }).detail;
    }
  });
}

describe('the payee is the payout account holder', () => {
  test('a W-8BEN signed with the holder\'s name is matched: accents, case, spacing and hyphens are not a difference', async () => {
    expect((await signWithHolder('CAMILA  HERRERA', w8ben({ legal_name: 'Cámila Herrera', signer_name: 'cámila herrera' }))).nameCheck).toBe('matched');
    expect((await signWithHolder('Camila Herrera-Paz', w8ben({ legal_name: 'Camila Herrera Paz', signer_name: 'Camila Herrera Paz' }))).nameCheck).toBe('matched');
  });

  test('a W-8BEN signed with another name than the holder\'s is refused, and nothing is stored', async () => {
    expect(await refusalWithHolder('Camila Herrera', w8ben({ legal_name: 'Lucía Castillo', signer_name: 'Lucía Castillo' }))).toBe('signer_not_account_holder');
    expect(await rowsAs(ctx.db, 'postgres', `select 1 from app.tax_forms where creator_id = $1`, [camila])).toEqual([]);
  });

  test('a W-8BEN-E: the entity on line 1 must be the holder, whoever signs for it', async () => {
    expect((await signWithHolder('Cami Cocina SRL', w8bene())).nameCheck).toBe('matched');
    expect(await refusalWithHolder('Camila Herrera', w8bene())).toBe('signer_not_account_holder');
  });

  test('a W-9: an individual signs in the holder\'s name; a company is the holder on line 1', async () => {
    const w9 = { form_type: 'w9', legal_name: 'Camila Herrera', tax_classification: 'individual', address_street: '500 Main St', address_city: 'Austin, TX 78701',
      address_country: 'US', tin_kind: 'ssn', tin: '536-22-1234', signer_name: 'Camila Herrera', perjury_accepted: true };
    expect((await signWithHolder('Camila Herrera', w9)).nameCheck).toBe('matched');
    expect(await refusalWithHolder('Camila Herrera', { ...w9, signer_name: 'Jordan Lee' })).toBe('signer_not_account_holder');
    expect((await signWithHolder('Herrera Media LLC', { ...w9, legal_name: 'Herrera Media LLC', tax_classification: 'llc_s', tin_kind: 'ein', tin: '12-3456789' })).nameCheck).toBe('matched');
  });

  test('when the holder\'s name is not known the form is taken, and admins see it as a name to check', async () => {
    expect((await signWithHolder(null, w8ben())).nameCheck).toBe('unverified');
    // Signed as Camila, then read as the admin, in one transaction.
    const rows = await runAs(ctx.db, as(ids.admin), async (q) => {
      await q.query('reset role');
      await q.query(`update app.payout_accounts set holder_name = null where creator_id = $1`, [camila]);
      await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [camila]);
      await q.query('set local role authenticated');
      await q.query(submit, [JSON.stringify(w8ben())]);
      await q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [ids.admin]);
      return (await q.query<{ creator_id: string; state: string; name_check: string }>(`select creator_id, state, name_check from api.admin_tax_forms_attention()`)).rows;
    });
    expect(rows.find((x) => x.creator_id === camila)).toEqual({ creator_id: camila, state: 'name_unverified', name_check: 'unverified' });
  });
});

describe('every full number an admin reads is audited', () => {
  test('admin_tax_form_tin writes who read which form, whose, and when', async () => {
    const [form] = await rowsAs<{ id: string }>(ctx.db, 'postgres', `select id from app.tax_forms where creator_id = $1 and superseded_at is null`, [sofia]);
    const rows = await runAs(ctx.db, as(ids.admin), async (q) => {
      const before = new Date();
      const [{ tin }] = (await q.query<{ tin: string }>(`select api.admin_tax_form_tin($1) tin`, [form!.id])).rows as [{ tin: string }];
      expect(tin).toBe('10203040508');
      await q.query(`select api.admin_tax_form_tin($1) tin`, [form!.id]);
      const log = (await q.query<{ actor_id: string; action: string; target_type: string; target_id: string; target_label: string; after: Record<string, string>; at: Date }>(
        `select actor_id, action, target_type, target_id, target_label, after, at from api.admin_audit_log() where action = 'tax_form.tin_read'`)).rows;
      return { log, before };
    });
    expect(rows.log).toHaveLength(2);
    expect(rows.log[0]).toMatchObject({ actor_id: ids.admin, action: 'tax_form.tin_read', target_type: 'tax_form', target_id: form!.id, target_label: 'Sofía Ríos',
      after: { creator_id: sofia, form_type: 'w8ben', tin_kind: 'nit' } });
    expect(rows.log[0]!.at.getTime()).toBeGreaterThan(rows.before.getTime() - 60_000);
  });

  test('a refused read (not an admin, or no such form) writes nothing', async () => {
    const [form] = await rowsAs<{ id: string }>(ctx.db, 'postgres', `select id from app.tax_forms where creator_id = $1 and superseded_at is null`, [sofia]);
    expect((await errorAs(ctx.db, as(sofia), `select api.admin_tax_form_tin($1)`, [form!.id])).detail).toBe('not_admin');
    expect((await errorAs(ctx.db, as(ids.admin), `select api.admin_tax_form_tin($1)`, [ids.campaign(1)])).detail).toBe('tax_form_not_found');
    expect(await rowsAs(ctx.db, 'postgres', `select 1 from app.admin_audit_log where action = 'tax_form.tin_read'`)).toEqual([]);
  });
});
