import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();
const num = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])));

describe('payments table', () => {
  test('the paying brand, the paid creator and admins read; nobody else', async () => {
    const count = async (who: string) =>
      (await rowsAs<{ n: number }>(ctx.db, as(who), 'select count(*)::int n from app.payments'))[0]!.n;
    expect(await count(ids.creator)).toBe(2);
    expect(await count(ids.brand)).toBe(2);
    expect(await count(ids.otherBrand)).toBe(2);
    expect(await count(ids.creatorN(12))).toBe(0);
    expect(await count(ids.admin)).toBe(5);
    expect((await errorAs(ctx.db, 'anon', 'select 1 from app.payments')).code).toBe('42501');
  });
  test('users never write payments', async () => {
    for (const who of [ids.brand, ids.creator, ids.admin]) {
      expect((await errorAs(ctx.db, as(who), `insert into app.payments (deliverable_id, amount_cents, status) values ($1, 100, 'completed')`, [ids.deliverable(4)])).code).toBe('42501');
      expect((await errorAs(ctx.db, as(who), `update app.payments set amount_cents = 1 where id = $1`, [ids.payment(1)])).code).toBe('42501');
      expect((await errorAs(ctx.db, as(who), `delete from app.payments where id = $1`, [ids.payment(1)])).code).toBe('42501');
    }
  });
  test('service_role writes payments: approved deliverables only, one completed each, unique stripe id', async () => {
    const ins = `insert into app.payments (deliverable_id, amount_cents, status, stripe_payment_id) values ($1, $2, $3, $4) returning creator_id, brand_id`;
    // Deliverable 1 is approved and already paid; approve deliverable 2 first, as its brand would.
    const rows = await stepsAs(ctx.db, 'service_role', [
      [`update app.deliverables set status = 'approved' where id = $1`, [ids.deliverable(2)]],
      [ins, [ids.deliverable(2), 5000, 'completed', 'pi_new']],
    ]);
    expect(rows).toEqual([{ creator_id: ids.creator, brand_id: ids.brand }]);
    expect((await errorAs(ctx.db, 'service_role', ins, [ids.deliverable(1), 5000, 'completed', 'pi_x'])).code).toBe('23505');
    expect((await errorAs(ctx.db, 'service_role', ins, [ids.deliverable(2), 5000, 'pending', 'pi_y'])).code).toBe('PT409');
    expect((await errorAs(ctx.db, 'service_role', ins, [ids.deliverable(1), 5000, 'failed', 'pi_demo_0001'])).code).toBe('23505');
    expect((await errorAs(ctx.db, 'service_role', ins, [ids.deliverable(1), 0, 'failed', 'pi_z'])).code).toBe('23514');
    expect(await rowsAs(ctx.db, 'service_role', ins, [ids.deliverable(1), 5000, 'failed', 'pi_f'])).toHaveLength(1);
  });
});

describe('api.payment_history and dashboards', () => {
  test('payment history for creator and brand, with campaign and names', async () => {
    const creator = await rowsAs(ctx.db, as(ids.creator), 'select id, amount_cents, campaign_title, brand_name from api.payment_history()');
    expect(num(creator)).toEqual([
      { id: ids.payment(1), amount_cents: 50000, campaign_title: 'Morning Glow Serum Launch', brand_name: 'GlowLab Skincare' },
      { id: ids.payment(2), amount_cents: 15000, campaign_title: 'Summer Lip Tint Reels', brand_name: 'GlowLab Skincare' },
    ]);
    const brand = await rowsAs(ctx.db, as(ids.thirdBrand), 'select amount_cents, creator_name from api.payment_history()');
    expect(num(brand)).toEqual([{ amount_cents: 100000, creator_name: 'Diego Martínez' }]);
    expect(await rowsAs(ctx.db, as(ids.creatorN(12)), 'select * from api.payment_history()')).toEqual([]);
    expect((await errorAs(ctx.db, 'anon', 'select * from api.payment_history()')).code).toBe('42501');
  });
  test('pages of payment history give every payment once, newest first, ties broken by id, for the brand and the creator', async () => {
    const pages = await runAs(ctx.db, 'postgres', async (q) => {
      // Seven failed attempts on the seed's paid deliverable, three at one instant (the cursor's tie).
      await q.query(
        `insert into app.payments (deliverable_id, amount_cents, status, stripe_payment_id, created_at)
         select $1, 100 + n, 'failed', 'pi_page_' || n, timestamptz '2026-01-10 12:00:00+00' - make_interval(days => greatest(n - 2, 0))
         from generate_series(0, 6) n`,
        [ids.deliverable(1)],
      );
      const read = async (who: string) => {
        await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: who, role: 'authenticated' })]);
        await q.exec('set local role authenticated');
        const whole = (await q.query<{ id: string }>('select id from api.payment_history()')).rows.map((r) => r.id);
        const paged: string[] = [];
        let after: { at: string; id: string } | null = null;
        for (let i = 0; i < 20; i++) {
          const page: Array<{ id: string; at: string }> = (await q.query<{ id: string; at: string }>(
            `select id, coalesce(payment_date, created_at)::text at from api.payment_history($1, $2, 2)`,
            [after?.at ?? null, after?.id ?? null],
          )).rows;
          paged.push(...page.map((r) => r.id));
          if (page.length < 2) break;
          after = page.at(-1)!;
        }
        await q.exec('reset role');
        return { whole, paged };
      };
      return { brand: await read(ids.brand), creator: await read(ids.creator) };
    });
    for (const { whole, paged } of [pages.brand, pages.creator]) {
      expect(whole.length).toBeGreaterThanOrEqual(9);
      expect(new Set(whole).size).toBe(whole.length);
      expect(paged).toEqual(whole);
    }
  });
  test('a page holds 1 to 1000 payments and starts after both the time and the id of a payment', async () => {
    const failure = async (sql: string, params: unknown[] = []) => {
      const e = await errorAs(ctx.db, as(ids.brand), sql, params);
      return [e.code, e.detail];
    };
    expect(await failure('select * from api.payment_history(null, null, 0)')).toEqual(['22023', 'page_size_invalid']);
    expect(await failure('select * from api.payment_history(null, null, 1001)')).toEqual(['22023', 'page_size_invalid']);
    expect(await failure(`select * from api.payment_history(now(), null, 10)`)).toEqual(['22023', 'cursor_invalid']);
    expect(await failure('select * from api.payment_history(null, $1, 10)', [ids.payment(1)])).toEqual(['22023', 'cursor_invalid']);
    expect(await rowsAs(ctx.db, as(ids.brand), 'select id from api.payment_history(null, null, 1000)')).toHaveLength(2);
  });
  test('creator dashboard is computed from the creator rows', async () => {
    expect(num(await rowsAs(ctx.db, as(ids.creator), 'select * from api.creator_dashboard()'))).toEqual([
      // The seed's $500.00 and $150.00 payments, each less the 15% platform fee. One hire paid, one still in
      // review (app.job_state; supabase/tests/job-states.test.ts).
      { active_gigs: 1, completed_jobs: 1, rating: null, review_count: 0, total_earnings_cents: 55250 },
    ]);
    expect(num(await rowsAs(ctx.db, as(ids.creatorN(12)), 'select * from api.creator_dashboard()'))).toEqual([
      { active_gigs: 0, completed_jobs: 0, rating: null, review_count: 0, total_earnings_cents: 0 },
    ]);
  });
  test('brand dashboard is computed from the brand rows', async () => {
    expect(num(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_dashboard()'))).toEqual([
      { active_campaigns: 2, working_creators: 1, content_delivered: 2, total_spent_cents: 65000 },
    ]);
    expect(num(await rowsAs(ctx.db, as(ids.otherBrand), 'select * from api.brand_dashboard()'))).toEqual([
      // Released to creators (glossary 0031): Mateo's winter stories ($200.00); Lucía's disputed hire
      // ($800.00) is still held in escrow, not released.
      { active_campaigns: 2, working_creators: 2, content_delivered: 1, total_spent_cents: 20000 },
    ]);
    expect((await errorAs(ctx.db, 'anon', 'select * from api.brand_dashboard()')).code).toBe('42501');
  });
});
