import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

/** pg hands bigint and numeric over as strings; the API (JSON) as numbers. Compare as numbers. */
const num = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v])));

/**
 * The same figures as api.brand_analytics, computed directly from the tables as the platform (no RLS),
 * with correlated subqueries instead of the function's grouped joins, so a mistake in either shows.
 */
const directSql = `
  select c.id as campaign_id, c.title, c.status,
    (select count(*) from app.applications a where a.campaign_id = c.id)::int as applications_total,
    (select count(*) from app.applications a where a.campaign_id = c.id and a.status = 'pending')::int as applications_pending,
    (select count(*) from app.applications a where a.campaign_id = c.id and a.status = 'accepted')::int as applications_accepted,
    (select count(*) from app.applications a where a.campaign_id = c.id and a.status = 'rejected')::int as applications_rejected,
    (select count(*) from app.deliverables d where d.campaign_id = c.id)::int as deliverables_submitted,
    (select count(*) from app.deliverables d where d.campaign_id = c.id and d.status = 'approved')::int as deliverables_approved,
    -- "Released" of the glossary (decision 0031): escrow released and direct payments, from the ledger.
    (select coalesce(sum(le.amount_cents), 0) from app.ledger_transactions t join app.ledger_entries le on le.transaction_id = t.id
      where t.campaign_id = c.id and ((t.kind = 'release' and le.account = 'escrow')
        or (t.kind = 'direct_payment' and le.account = 'stripe_balance')))::bigint as amount_paid_cents
  from app.campaigns c where c.brand_id = $1
  order by c.created_at desc, c.id desc`;

const fnColumns = `campaign_id, title, status, applications_total, applications_pending, applications_accepted,
  applications_rejected, deliverables_submitted, deliverables_approved, amount_paid_cents`;

describe('api.brand_analytics', () => {
  test('a brand gets one row per own campaign, with figures equal to direct SQL', async () => {
    for (const brand of [ids.brand, ids.otherBrand, ids.thirdBrand]) {
      const mine = num(await rowsAs(ctx.db, as(brand), `select ${fnColumns} from api.brand_analytics()`));
      const direct = num(await rowsAs(ctx.db, 'postgres', directSql, [brand]));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine).toEqual(direct);
    }
  });

  test('the seed brand has real activity to show (the comparison above is not all zeros)', async () => {
    const rows = num(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_analytics()'));
    const sum = (k: string) => rows.reduce((s, r) => s + Number(r[k]), 0);
    expect(sum('applications_total')).toBeGreaterThan(0);
    expect(sum('deliverables_approved')).toBeGreaterThan(0);
    expect(sum('amount_paid_cents')).toBe(65000); // the brand dashboard's released to creators for the same brand
  });

  test('acceptance rate is accepted / decided in percent, null while nothing is decided', async () => {
    const rows = num(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_analytics()'));
    for (const r of rows) {
      const decided = Number(r.applications_accepted) + Number(r.applications_rejected);
      if (decided === 0) expect(r.acceptance_rate).toBeNull();
      else expect(r.acceptance_rate).toBe(Math.round((1000 * Number(r.applications_accepted)) / decided) / 10);
    }
  });

  test('counts follow changes: a new application and a decision show at once', async () => {
    // creatorN(12) has no application in the seed; it applies to the brand's first campaign.
    const target = ids.campaign(1);
    const before = num(await rowsAs(ctx.db, as(ids.brand), 'select applications_total, applications_pending from api.brand_analytics() where campaign_id = $1', [target]))[0]!;
    const after = num(
      await stepsAs(ctx.db, 'postgres', [
        [`insert into app.applications (campaign_id, creator_id, pitch) values ($1, $2, 'Fresh pitch')`, [target, ids.creatorN(12)]],
        [`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.brand, role: 'authenticated' })]],
        ['set local role authenticated', []],
        ['select applications_total, applications_pending from api.brand_analytics() where campaign_id = $1', [target]],
      ]),
    )[0]!;
    expect(after).toEqual({ applications_total: Number(before.applications_total) + 1, applications_pending: Number(before.applications_pending) + 1 });
  });

  test('a brand with no campaigns gets no rows and zero totals', async () => {
    const fresh = '00000000-0000-0000-0000-0000000000bf';
    const steps: Array<[string, unknown[]?]> = [
      // As the platform (like the admin's create-brand operation): the sign-up trigger reads the role from app metadata.
      [`insert into auth.users (id, email, raw_app_meta_data, raw_user_meta_data) values ($1, 'fresh-brand@demo.test', '{"role":"brand"}', '{"full_name":"Fresh Brand","username":"freshbrand"}')`, [fresh]],
      [`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: fresh, role: 'authenticated' })]],
      ['set local role authenticated', []],
    ];
    expect(await stepsAs(ctx.db, 'postgres', [...steps, ['select * from api.brand_analytics()']])).toEqual([]);
    expect(num(await stepsAs(ctx.db, 'postgres', [...steps, ['select * from api.brand_analytics_totals()']]))).toEqual([
      {
        campaigns: 0, active_campaigns: 0, applications_total: 0, applications_pending: 0, applications_accepted: 0,
        applications_rejected: 0, deliverables_submitted: 0, deliverables_approved: 0, amount_paid_cents: 0, acceptance_rate: null,
      },
    ]);
  });

  test('creators and admins are refused with 42501; anon may not call it at all', async () => {
    for (const who of [ids.creator, ids.otherCreator, ids.admin]) {
      const e = await errorAs(ctx.db, as(who), 'select * from api.brand_analytics()');
      expect(e.code).toBe('42501');
      expect(e.message).toBe('Only brands can view analytics');
      expect((await errorAs(ctx.db, as(who), 'select * from api.brand_analytics_totals()')).code).toBe('42501');
    }
    expect((await errorAs(ctx.db, 'anon', 'select * from api.brand_analytics()')).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', 'select * from api.brand_analytics_totals()')).code).toBe('42501');
    // A signed-in token for a user that has no profile is not a brand either.
    expect((await errorAs(ctx.db, as('00000000-0000-0000-0000-0000000000ff'), 'select * from api.brand_analytics()')).code).toBe('42501');
  });
});

describe('api.brand_analytics_totals', () => {
  test('totals equal direct SQL over all the brand campaigns', async () => {
    for (const brand of [ids.brand, ids.otherBrand, ids.thirdBrand]) {
      const [totals] = num(await rowsAs(ctx.db, as(brand), 'select * from api.brand_analytics_totals()'));
      const [direct] = num(
        await rowsAs(
          ctx.db,
          'postgres',
          `select count(*)::int as campaigns, count(*) filter (where status = 'active')::int as active_campaigns,
             sum(applications_total)::int as applications_total, sum(applications_pending)::int as applications_pending,
             sum(applications_accepted)::int as applications_accepted, sum(applications_rejected)::int as applications_rejected,
             sum(deliverables_submitted)::int as deliverables_submitted, sum(deliverables_approved)::int as deliverables_approved,
             sum(amount_paid_cents)::bigint as amount_paid_cents,
             case when sum(applications_accepted + applications_rejected) = 0 then null
               else round(100.0 * sum(applications_accepted) / sum(applications_accepted + applications_rejected), 1) end as acceptance_rate
           from (${directSql}) x`,
          [brand],
        ),
      );
      expect(totals).toEqual(direct);
    }
  });

  test('the brand totals agree with the brand dashboard where both count the same thing', async () => {
    const [totals] = num(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_analytics_totals()'));
    const [dash] = num(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_dashboard()'));
    expect(totals!.active_campaigns).toBe(dash!.active_campaigns);
    expect(totals!.deliverables_approved).toBe(dash!.content_delivered);
    expect(totals!.amount_paid_cents).toBe(dash!.total_spent_cents);
  });
});
