import { describe, expect, test } from 'vitest';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';
import { acceptAndFund, all, become, completeHire, fails, failsAs, hireScenes, ISABELLA, one, OUTSIDERS, recordRefund } from '../../testkit/db/hire-scene.ts';
import { ids } from '../../testkit/db/personas.ts';
import type { Queryable } from '../../testkit/runtime.ts';

// Issue 36 item 3 (decision 0057): receipts numbered in the transaction that posts the money, once per
// source; statements once per creator and month; who may list which document.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);

async function receiptsOf(q: Queryable, payment: string) {
  await become(q, 'postgres');
  return all<{ kind: string; document_number: string; number: number; source_key: string; language: string }>(q,
    `select kind, document_number, number, source_key, language from app.documents where payment_id = $1 order by number`, [payment]);
}
const lastNumber = async (q: Queryable, series: string) =>
  Number((await one<{ n: number | null }>(q, `select max(number) n from app.documents where series = $1 and year = extract(year from now())::int`, [series])).n ?? 0);

describe('receipts', () => {
  test('a funding gets the next receipt number in the same transaction, with amount, fee, campaign and creator', async () => {
    await scene(async (q) => {
      const before = await lastNumber(q, 'R');
      const { payment } = await acceptAndFund(q);
      const docs = await receiptsOf(q, payment);
      const year = new Date().getUTCFullYear();
      expect(docs).toEqual([{ kind: 'receipt', number: before + 1, document_number: `R-${year}-${String(before + 1).padStart(6, '0')}`, source_key: `funding:${payment}`, language: expect.stringMatching(/^(es|en|pt)$/) }]);
      await become(q, 'service_role');
      const rendered = await all<{ content: { amount_cents: number; fee_cents: number; campaign_title: string; creator_name: string; platform: { legal_name: string } } }>(q,
        `select content from api.documents_to_render(200) where document_number = $1`, [docs[0]!.document_number]);
      expect(rendered[0]!.content).toMatchObject({ amount_cents: ISABELLA.amount, campaign_title: expect.any(String), creator_name: expect.any(String), platform: { legal_name: expect.stringContaining('Platform legal name') } });
      expect(rendered[0]!.content.fee_cents).toBeGreaterThan(0);
    });
  });

  test('the webhook retried (same and another event) makes no second receipt; a refund gets its own', async () => {
    await scene(async (q) => {
      const { payment } = await acceptAndFund(q);
      await become(q, 'service_role');
      for (const evt of [`evt_fund_${ISABELLA.pi}`, 'evt_other_delivery']) {
        await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => $1, target_status => 'completed',
          stripe_status => 'succeeded', known_payment_id => $2, event_id => $3, event_type => 'payment_intent.succeeded')`, [ISABELLA.pi, payment, evt]);
      }
      expect((await receiptsOf(q, payment)).map((d) => d.kind)).toEqual(['receipt']);
      await recordRefund(q, ISABELLA, ISABELLA.amount, 'evt_refund_1');
      await recordRefund(q, ISABELLA, ISABELLA.amount, 'evt_refund_1_again');
      const docs = await receiptsOf(q, payment);
      expect(docs.map((d) => d.kind)).toEqual(['receipt', 'refund_receipt']);
      expect(docs[1]!.number).toBe(docs[0]!.number + 1);
    });
  });

  test('a funding that rolls back gives its number back: the next funding takes it', async () => {
    await scene(async (q) => {
      const before = await lastNumber(q, 'R');
      await q.exec('savepoint funding');
      await acceptAndFund(q);
      await become(q, 'postgres');
      expect(await lastNumber(q, 'R')).toBe(before + 1);
      await q.exec('rollback to savepoint funding');
      expect(await lastNumber(q, 'R')).toBe(before);
      const { payment } = await acceptAndFund(q);
      expect((await receiptsOf(q, payment))[0]!.number).toBe(before + 1);
    });
  });
});

describe('who reads which document', () => {
  test('the brand lists its receipt; the creator, another brand and anon do not', async () => {
    await scene(async (q) => {
      const { payment } = await acceptAndFund(q);
      const [doc] = await receiptsOf(q, payment);
      await become(q, ISABELLA.brand);
      expect((await all<{ document_number: string; amount_cents: number }>(q, `select document_number, amount_cents from api.my_documents()`))
        .find((d) => d.document_number === doc!.document_number)).toMatchObject({ amount_cents: ISABELLA.amount });
      for (const who of [ISABELLA.creator, OUTSIDERS.brand]) {
        await become(q, who);
        expect(await all(q, `select 1 from app.documents where document_number = $1`, [doc!.document_number])).toEqual([]);
      }
      await become(q, ids.admin);
      expect(await all(q, `select 1 from app.documents where document_number = $1`, [doc!.document_number])).toHaveLength(1);
      await q.exec('reset role');
      await q.exec('set local role anon');
      expect(await fails(q, `select * from api.my_documents()`)).toMatchObject({ code: '42501' });
    });
  });

  test('pages of documents give each once, newest first, ties broken by id; a page holds 1 to 1000 and needs both cursor parts', async () => {
    await scene(async (q) => {
      await become(q, 'postgres');
      // Seven receipts of the brand's, three at one instant (the cursor's tie).
      await q.query(
        `insert into app.documents (kind, series, year, number, source_key, brand_id, language, created_at)
         select 'receipt', 'R', 2001, n, 'paging:' || n, $1, 'en', timestamptz '2026-01-10 12:00:00+00' - make_interval(days => greatest(n - 3, 0))
         from generate_series(1, 7) n`,
        [ISABELLA.brand],
      );
      await become(q, ISABELLA.brand);
      const whole = (await all<{ id: string }>(q, 'select id from api.my_documents()')).map((d) => d.id);
      const paged: string[] = [];
      let after: { at: string; id: string } | null = null;
      for (let i = 0; i < 20; i++) {
        const page: Array<{ id: string; at: string }> = await all<{ id: string; at: string }>(q,
          'select id, created_at::text at from api.my_documents($1, $2, 3)', [after?.at ?? null, after?.id ?? null]);
        paged.push(...page.map((d) => d.id));
        if (page.length < 3) break;
        after = page.at(-1)!;
      }
      expect(whole.length).toBeGreaterThanOrEqual(7);
      expect(new Set(whole).size).toBe(whole.length);
      expect(paged).toEqual(whole);
      for (const [sql, code] of [
        ['select * from api.my_documents(null, null, 0)', 'page_size_invalid'],
        ['select * from api.my_documents(null, null, 1001)', 'page_size_invalid'],
        ['select * from api.my_documents(now(), null, 10)', 'cursor_invalid'],
      ] as const) {
        expect(await failsAs(q, ISABELLA.brand, sql)).toMatchObject({ code: '22023', detail: code });
      }
    });
  });

  test('only the service role renders, issues statements and records paths; a bad path is refused', async () => {
    await scene(async (q) => {
      for (const sql of [`select api.statements_issue()`, `select * from api.documents_to_render()`, `select api.document_rendered(gen_random_uuid(), 'x')`]) {
        expect(await failsAs(q, ISABELLA.brand, sql)).toMatchObject({ code: '42501' });
      }
      expect(await failsAs(q, 'service_role', `select api.document_rendered(gen_random_uuid(), '../etc/passwd')`)).toMatchObject({ detail: 'document_path_invalid' });
      expect(await failsAs(q, 'service_role', `select api.document_rendered(gen_random_uuid(), '${ISABELLA.brand}/R-2026-000001.pdf')`)).toMatchObject({ detail: 'document_not_found' });
    });
  });
});

describe('monthly statements', () => {
  test('once per creator and month, in the creator language, with gross, fee and net; a second run issues nothing', async () => {
    await scene(async (q) => {
      await completeHire(q);
      await become(q, 'postgres');
      await q.query(`update app.profiles set language = 'pt' where id = $1`, [ISABELLA.creator]);
      const month = (await one<{ m: string }>(q, `select to_char(date_trunc('month', now()), 'YYYY-MM-DD') m`)).m;
      await become(q, 'service_role');
      const first = Number((await one<{ n: number }>(q, `select api.statements_issue($1::date) n`, [month])).n);
      expect(first).toBeGreaterThanOrEqual(1);
      expect(Number((await one<{ n: number }>(q, `select api.statements_issue($1::date) n`, [month])).n)).toBe(0);
      await become(q, 'postgres');
      const docs = await all<{ language: string; document_number: string; content: { items: { gross_cents: number; fee_cents: number; net_cents: number; licence: unknown }[] } }>(q,
        `select d.language, d.document_number, app.document_content(d) content from app.documents d where d.kind = 'statement' and d.creator_id = $1`, [ISABELLA.creator]);
      expect(docs).toHaveLength(1);
      expect(docs[0]!.language).toBe('pt');
      expect(docs[0]!.document_number).toMatch(/^S-\d{4}-\d{6}$/);
      const item = docs[0]!.content.items[0]!;
      expect(item.gross_cents).toBe(ISABELLA.amount);
      expect(item.fee_cents + item.net_cents).toBe(item.gross_cents);
      // The seed's campaign buys organic posting only (the default terms, decision 0056).
      expect(item.licence).toEqual({ kind: 'organic', platforms: [], territory: null, term_days: 365, price_cents: null, exclusivity_category: null, exclusivity_days: null });
      await become(q, 'postgres');
      expect(await all(q, `select user_id, kind, data ->> 'document_number' number, data ->> 'period' period from app.notifications where kind = 'statement_ready' and user_id = $1`, [ISABELLA.creator]))
        .toEqual([{ user_id: ISABELLA.creator, kind: 'statement_ready', number: docs[0]!.document_number, period: month.slice(0, 7) }]);
      expect(await all(q, `select template, category, locale from app.email_outbox where template = 'statement_ready' and user_id = $1`, [ISABELLA.creator]))
        .toEqual([{ template: 'statement_ready', category: 'payments', locale: 'pt' }]);
      await become(q, ISABELLA.creator);
      expect((await all<{ kind: string }>(q, `select kind from api.my_documents()`)).map((d) => d.kind)).toContain('statement');
      await become(q, ISABELLA.brand);
      expect((await all<{ kind: string }>(q, `select kind from api.my_documents()`)).map((d) => d.kind)).not.toContain('statement');
    });
  });

  test('the job on the 1st covers the previous month by the scheduler clock', async () => {
    await scene(async (q) => {
      await completeHire(q);
      await become(q, 'service_role');
      const next = (await one<{ m: string }>(q, `select to_char(date_trunc('month', now()) + interval '1 month', 'YYYY-MM-DD') m`)).m;
      await q.query(`select set_config('app.scheduler_clock', $1, true)`, [`${next}T06:00:00Z`]);
      await become(q, 'postgres');
      const job = await one<{ schedule: string; sql_command: string }>(q, `select schedule, sql_command from app.scheduled_jobs where name = 'issue-monthly-statements'`);
      expect(job).toEqual({ schedule: '10 6 1 * *', sql_command: 'select api.statements_issue()' });
      expect(Number(Object.values(await one(q, job.sql_command))[0])).toBeGreaterThanOrEqual(1);
      expect(Number(Object.values(await one(q, job.sql_command))[0])).toBe(0);
      const period = (await one<{ m: string }>(q, `select to_char(date_trunc('month', now()), 'YYYY-MM-DD') m`)).m;
      expect(await all(q, `select 1 from app.documents where kind = 'statement' and creator_id = $1 and period_start = $2::date`, [ISABELLA.creator, period])).toHaveLength(1);
      expect(await one(q, `select function_path from app.scheduled_jobs where name = 'render-documents'`)).toEqual({ function_path: 'documents/render' });
    });
  });
});

describe('the receipt email and the licence', () => {
  test('a funding queues one receipt email to the brand; a retried webhook queues none; a refund its own', async () => {
    await scene(async (q) => {
      const { payment } = await acceptAndFund(q);
      await become(q, 'service_role');
      await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => $1, target_status => 'completed',
        stripe_status => 'succeeded', known_payment_id => $2, event_id => 'evt_again', event_type => 'payment_intent.succeeded')`, [ISABELLA.pi, payment]);
      await recordRefund(q, ISABELLA, ISABELLA.amount, 'evt_refund_mail');
      await become(q, 'postgres');
      const mails = await all<{ id: string; user_id: string; category: string; document: string }>(q,
        `select o.id, o.user_id, o.category, d.document_number document from app.email_outbox o join app.documents d on d.id::text = o.data ->> 'document_id'
         where o.template = 'payment_receipt' and d.payment_id = $1 order by d.number`, [payment]);
      const docs = await receiptsOf(q, payment);
      expect(mails.map((m) => [m.user_id, m.category, m.document])).toEqual(docs.map((d) => [ISABELLA.brand, 'payments', d.document_number]));
      // What the emails function reads to write and attach it: the number and the amount the PDF prints.
      await become(q, 'service_role');
      expect(await all(q, `select kind, document_number, amount_cents::int amount, fee_cents::int > 0 fee from api.email_document($1)`, [mails[0]!.id]))
        .toEqual([{ kind: 'receipt', document_number: docs[0]!.document_number, amount: ISABELLA.amount, fee: true }]);
      expect(await all(q, `select kind, amount_cents::int amount from api.email_document($1)`, [mails[1]!.id])).toEqual([{ kind: 'refund_receipt', amount: ISABELLA.amount }]);
    });
  });

  test('only the service role reads an email document, and only a receipt email\'s own, its recipient\'s', async () => {
    await scene(async (q) => {
      const { payment } = await acceptAndFund(q);
      await become(q, 'postgres');
      const mail = await one<{ id: string }>(q, `select o.id from app.email_outbox o join app.documents d on d.id::text = o.data ->> 'document_id' where d.payment_id = $1`, [payment]);
      for (const who of [ISABELLA.brand, ISABELLA.creator]) expect(await failsAs(q, who, `select * from api.email_document($1)`, [mail.id])).toMatchObject({ code: '42501' });
      // Pointed at another user (the creator) or turned into another template, the row yields no document.
      await become(q, 'postgres');
      await q.query(`update app.email_outbox set user_id = $2 where id = $1`, [mail.id, ISABELLA.creator]);
      await become(q, 'service_role');
      expect(await all(q, `select 1 from api.email_document($1)`, [mail.id])).toEqual([]);
      await become(q, 'postgres');
      await q.query(`update app.email_outbox set user_id = $2, template = 'money_refunded' where id = $1`, [mail.id, ISABELLA.brand]);
      await become(q, 'service_role');
      expect(await all(q, `select 1 from api.email_document($1)`, [mail.id])).toEqual([]);
    });
  });

  test('a brand with payment emails off gets no receipt email (the receipt is still issued)', async () => {
    await scene(async (q) => {
      await q.query(`insert into app.email_preferences (user_id, payments) values ($1, false) on conflict (user_id) do update set payments = false`, [ISABELLA.brand]);
      const { payment } = await acceptAndFund(q);
      await become(q, 'postgres');
      expect(await receiptsOf(q, payment)).toHaveLength(1);
      expect(await all(q, `select 1 from app.email_outbox o join app.documents d on d.id::text = o.data ->> 'document_id' where d.payment_id = $1`, [payment])).toEqual([]);
    });
  });

  test('the paid usage rights the hire agreed are on the receipt and the statement line, whatever the campaign says later', async () => {
    await scene(async (q) => {
      await q.query(`update app.campaigns set usage_kind = 'paid', usage_platforms = '{instagram,tiktok}', usage_territory = '{US,MX}',
        usage_term_days = 90, usage_price_cents = 20000, exclusivity_category = 'skincare', exclusivity_days = 30 where id = $1`, [ISABELLA.campaign]);
      await completeHire(q);
      await become(q, 'postgres');
      const paid = { kind: 'paid', platforms: ['instagram', 'tiktok'], territory: ['US', 'MX'], term_days: 90, price_cents: 20000, exclusivity_category: 'skincare', exclusivity_days: 30 };
      const receipt = await one<{ content: { licence: unknown } }>(q, `select app.document_content(d) content from app.documents d where d.campaign_id = $1 and d.kind = 'receipt' order by d.number desc limit 1`, [ISABELLA.campaign]);
      expect(receipt.content.licence).toEqual(paid);
      const month = (await one<{ m: string }>(q, `select to_char(date_trunc('month', now()), 'YYYY-MM-DD') m`)).m;
      await become(q, 'service_role');
      await q.query(`select api.statements_issue($1::date)`, [month]);
      await become(q, 'postgres');
      const statement = await one<{ content: { items: { service: string; licence: unknown }[] } }>(q,
        `select app.document_content(d) content from app.documents d where d.kind = 'statement' and d.creator_id = $1`, [ISABELLA.creator]);
      expect(statement.content.items.map((i) => i.licence)).toContainEqual(paid);
      // The campaign's terms change after the hire: the documents keep saying what the hire bought.
      await q.query(`update app.campaigns set usage_kind = 'organic', usage_platforms = '{}', usage_territory = null, usage_price_cents = null,
        exclusivity_category = null, exclusivity_days = null, usage_term_days = 30 where id = $1`, [ISABELLA.campaign]);
      const again = await one<{ content: { licence: unknown } }>(q, `select app.document_content(d) content from app.documents d where d.campaign_id = $1 and d.kind = 'receipt' order by d.number desc limit 1`, [ISABELLA.campaign]);
      expect(again.content.licence).toEqual(paid);
    });
  });
});
