import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, runAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import type { Queryable } from '../../testkit/runtime.ts';

/** Money columns are bigint: a string from a Postgres server, a number from PGlite; compared as numbers. */
function centsAsNumbers<T extends Record<string, unknown>>(rows: T[]): T[] {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.endsWith('_cents') && v !== null ? Number(v) : v])) as T);
}


// Issue 36 item 1 (decision 0051): a creator is reminded 90 and 30 days before their W-8 lapses, once
// each, by the scheduled job on the scheduler's clock; admins export the year's 1099-NEC rows (US persons
// paid at least the year's threshold) and 1042-S data (foreign payees), full numbers included and audited.

const ctx = useSeededDatabase();
const sofia = ids.creator; // W-8BEN (Colombia)
const diego = ids.creatorN(5); // W-8BEN (Chile), paid in the seed
const valentina = ids.creatorN(3); // W-8BEN (Mexico) with a treaty claim

const actAs = (q: Queryable, user: string) =>
  q.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [user]);

/** The reminder job as the scheduler runs it: its own command, on the scheduler's clock. */
async function runJobAt(q: Queryable, at: string): Promise<number> {
  await q.query(`select set_config('app.scheduler_clock', $1, true)`, [at]);
  const [{ sql_command }] = (await q.query<{ sql_command: string }>(`select sql_command from app.scheduled_jobs where name = 'warn-tax-form-expiring'`)).rows as [{ sql_command: string }];
  const [row] = (await q.query<Record<string, number>>(sql_command)).rows;
  return Object.values(row!)[0]!;
}

describe('reminders before a W-8 lapses', () => {
  test('90 and 30 days before, once each, with the email queued; nothing before, nothing twice', async () => {
    const seen = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.tax_forms set expires_on = '2026-12-31' where creator_id = $1 and superseded_at is null`, [sofia]);
      const counts = [];
      for (const at of ['2026-10-01T13:05:00Z', '2026-10-02T13:05:00Z', '2026-10-02T13:06:00Z', '2026-11-15T13:05:00Z', '2026-12-01T13:05:00Z', '2026-12-02T13:05:00Z', '2027-01-01T13:05:00Z']) {
        counts.push(await runJobAt(q, at));
      }
      const notes = (await q.query<{ user_id: string; data: { days: number; expires_on: string; form_type: string }; created_at: Date }>(
        `select user_id, data, created_at from app.notifications where kind = 'tax_form_expiring' order by created_at`)).rows;
      const emails = (await q.query<{ template: string; category: string; data: { days: number } }>(
        `select template, category, data from app.email_outbox where template = 'tax_form_expiring' order by (data ->> 'days')::int desc`)).rows;
      return { counts, notes, emails };
    });
    expect(seen.counts).toEqual([0, 1, 0, 0, 1, 0, 0]);
    expect(seen.notes.map((n) => [n.user_id, n.data.days, n.data.expires_on, n.data.form_type])).toEqual([
      [sofia, 90, '2026-12-31', 'w8ben'],
      [sofia, 30, '2026-12-31', 'w8ben'],
    ]);
    expect(seen.notes[0]!.created_at.toISOString()).toBe('2026-10-02T13:05:00.000Z');
    expect(seen.emails.map((e) => [e.template, e.category, e.data.days])).toEqual([['tax_form_expiring', 'payments', 90], ['tax_form_expiring', 'payments', 30]]);
  });

  test('a form first seen inside 30 days gets only the 30-day reminder; a W-9 and a superseded form get none', async () => {
    const counts = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.tax_forms set expires_on = '2026-12-31' where creator_id = $1 and superseded_at is null`, [sofia]);
      await q.query(`update app.tax_forms set superseded_at = now(), expires_on = '2026-12-31' where creator_id = $1`, [diego]);
      const first = await runJobAt(q, '2026-12-20T13:05:00Z');
      const days = (await q.query<{ days: number }>(`select (data ->> 'days')::int days from app.notifications where kind = 'tax_form_expiring'`)).rows;
      return { first, days };
    });
    expect(counts).toEqual({ first: 1, days: [{ days: 30 }] });
  });

  test('the job is the scheduler\'s: no API role may run it', async () => {
    for (const who of [as(sofia), as(ids.admin), 'anon' as const]) {
      expect((await errorAs(ctx.db, who, `select app.warn_tax_form_expiring(now())`)).code).toBe('42501');
    }
  });
});

/** Diego signs a W-9 (an SSN) in the transaction, and payouts are marked paid on the given days. */
async function diegoAsUsPerson(q: Queryable, paid: Array<[number, string]>) {
  await actAs(q, diego);
  await q.query('set local role authenticated');
  await q.query(`select * from api.tax_form_submit($1::jsonb)`, [JSON.stringify({
    form_type: 'w9', legal_name: 'Diego Martínez', tax_classification: 'individual', address_street: '500 Main St Apt 4',
    address_city: 'Austin, TX 78701', address_country: 'US', tin_kind: 'ssn', tin: '536-22-1234', signer_name: 'Diego Martínez', perjury_accepted: true })]);
  await q.query('reset role');
  for (const [cents, day] of paid) {
    await q.query(`insert into app.payouts (creator_id, amount_cents, status, requested_by, paid_at) values ($1, $2, 'paid', 'schedule', $3)`, [diego, cents, day]);
  }
  await actAs(q, ids.admin);
  await q.query('set local role authenticated');
}

describe('year-end exports', () => {
  test('1099-NEC: a US person paid at least the year\'s threshold ($600 in 2025), with the full SSN; one cent under is not', async () => {
    const r = await runAs(ctx.db, 'postgres', async (q) => {
      await diegoAsUsPerson(q, [[59_999, '2025-03-01T10:00:00Z'], [250_000, '2024-12-31T23:59:59Z']]);
      const under = centsAsNumbers((await q.query(`select * from api.admin_1099_nec(2025)`)).rows);
      await q.query('reset role');
      await q.query(`insert into app.payouts (creator_id, amount_cents, status, requested_by, paid_at) values ($1, 1, 'paid', 'creator', '2025-12-31T23:59:59Z')`, [diego]);
      await q.query('set local role authenticated');
      const at = centsAsNumbers((await q.query(`select * from api.admin_1099_nec(2025)`)).rows);
      return { under, at };
    });
    expect(r.under).toEqual([]);
    expect(r.at).toEqual([{
      report_year: 2025, creator_id: diego, recipient_name: 'Diego Martínez', business_name: null, tax_classification: 'individual', tin_kind: 'ssn',
      tin: '536221234', address_street: '500 Main St Apt 4', address_city: 'Austin, TX 78701', box1_cents: 60000, threshold_cents: 60000,
    }]);
  });

  test('1099-NEC 2026: the $2,000 threshold of the One Big Beautiful Bill Act; a year without a threshold is refused', async () => {
    const r = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`delete from app.payouts where creator_id = $1`, [diego]);
      await diegoAsUsPerson(q, [[150_000, '2026-02-01T10:00:00Z']]);
      const under = (await q.query(`select box1_cents from api.admin_1099_nec(2026)`)).rows;
      await q.query('reset role');
      await q.query(`insert into app.payouts (creator_id, amount_cents, status, requested_by, paid_at) values ($1, 50000, 'paid', 'creator', '2026-11-01T10:00:00Z')`, [diego]);
      await q.query('set local role authenticated');
      const at = centsAsNumbers((await q.query<{ box1_cents: string; threshold_cents: string }>(`select box1_cents, threshold_cents from api.admin_1099_nec(2026)`)).rows);
      return { under, at };
    });
    expect(r.under).toEqual([]);
    expect(r.at).toEqual([{ box1_cents: 200000, threshold_cents: 200000 }]);
    expect((await errorAs(ctx.db, as(ids.admin), `select * from api.admin_1099_nec(2031)`)).detail).toBe('tax_year_unknown');
  });

  test('1042-S: foreign payees with income code 17, their chapter 3 status code, the full foreign number and any treaty claim', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`insert into app.payouts (creator_id, amount_cents, status, requested_by, paid_at) values ($1, 12345, 'paid', 'creator', '2026-05-05T10:00:00Z')`, [valentina]);
      await actAs(q, ids.admin);
      await q.query('set local role authenticated');
      return centsAsNumbers((await q.query<Record<string, unknown>>(`select * from api.admin_1042s(2026)`)).rows);
    });
    const mx = rows.find((r) => r.creator_id === valentina);
    expect(mx).toMatchObject({ report_year: 2026, form_type: 'w8ben', recipient_name: 'Valentina Gómez', recipient_country: 'MX', chapter3_status: 'individual',
      chapter3_status_code: '16', foreign_tin_kind: 'rfc', foreign_tin: 'GOGV950314K24', income_code: '17', gross_income_cents: 12345, treaty_country: 'MX',
      treaty_article: '14', exemption_code: '04', tax_rate_bps: 0, federal_tax_withheld_cents: 0 });
    // Diego was paid by the seed this year: no treaty claimed, so no exemption code.
    expect(rows.find((r) => r.creator_id === diego)).toMatchObject({ recipient_country: 'CL', foreign_tin: '16543210K', exemption_code: null, income_code: '17' });
    expect(rows.every((r) => r.form_type !== 'w9')).toBe(true);
  });

  test('pages: page_size payees after after_creator in creator order, every payee once across the pages; a page over 1000 (the Data API\'s max_rows) or under 1 refused', async () => {
    const r = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`insert into app.payouts (creator_id, amount_cents, status, requested_by, paid_at) values ($1, 12345, 'paid', 'creator', '2026-05-05T10:00:00Z')`, [valentina]);
      await actAs(q, ids.admin);
      await q.query('set local role authenticated');
      const whole = (await q.query<{ creator_id: string }>(`select creator_id from api.admin_1042s(2026)`)).rows.map((x) => x.creator_id);
      const paged: string[][] = [];
      let after: string | null = null;
      for (;;) {
        const page: string[] = (await q.query<{ creator_id: string }>(`select creator_id from api.admin_1042s(2026, $1, 1)`, [after])).rows.map((x) => x.creator_id);
        if (page.length === 0) break;
        paged.push(page);
        after = page[page.length - 1]!;
      }
      const audits = (await q.query<{ rows: number }>(`select ("after" ->> 'rows')::int as rows from api.admin_audit_log(null, 100) where action = 'tax_report.export' order by id`)).rows;
      return { whole, paged, audits };
    });
    expect(r.whole.length).toBeGreaterThanOrEqual(2);
    expect(r.whole).toEqual([...r.whole].sort());
    expect(r.paged).toEqual(r.whole.map((id) => [id]));
    // Each page is audited with its own row count: the whole export once, then one row per page and the empty last one.
    expect(r.audits.map((a) => a.rows)).toEqual([r.whole.length, ...r.whole.map(() => 1), 0]);
    for (const size of [0, 1001]) {
      expect((await errorAs(ctx.db, as(ids.admin), `select * from api.admin_1042s(2026, null, ${size})`)).detail).toBe('page_size_invalid');
      expect((await errorAs(ctx.db, as(ids.admin), `select * from api.admin_1099_nec(2026, null, ${size})`)).detail).toBe('page_size_invalid');
    }
  });

  test('only admins export, and each export leaves an audit row', async () => {
    for (const who of [as(sofia), as(ids.brand)]) {
      expect((await errorAs(ctx.db, who, `select * from api.admin_1099_nec(2026)`)).detail).toBe('not_admin');
      expect((await errorAs(ctx.db, who, `select * from api.admin_1042s(2026)`)).detail).toBe('not_admin');
    }
    expect((await errorAs(ctx.db, 'anon', `select * from api.admin_1042s(2026)`)).code).toBe('42501');
    const log = await runAs(ctx.db, as(ids.admin), async (q) => {
      await q.query(`select * from api.admin_1042s(2026)`);
      await q.query(`select * from api.admin_1099_nec(2026)`);
      return (await q.query(`select actor_id, action, target_type, target_id from api.admin_audit_log() where action = 'tax_report.export'`)).rows;
    });
    expect(log).toEqual([
      { actor_id: ids.admin, action: 'tax_report.export', target_type: 'tax_report', target_id: '1099-NEC 2026' },
      { actor_id: ids.admin, action: 'tax_report.export', target_type: 'tax_report', target_id: '1042-S 2026' },
    ]);
  });
});
