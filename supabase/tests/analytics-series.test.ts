import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

type Row = Record<string, unknown>;
/** pg hands bigint over as strings; the API (JSON) as numbers. Compare as numbers. */
const num = (rows: Row[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])));
const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + Number(r[key]), 0);

/** A series with its bucket as text (yyyy-mm-dd), so the comparison does not depend on the driver's dates. */
const series = async (who: string, fn: string, args = '', key = 'week_start') =>
  num(await rowsAs(ctx.db, as(who), `select ${key}::text as bucket, * from api.${fn}(${args})`)).map(({ [key]: _, ...r }) => r);

/** Steps that act as a signed-in user after the platform's own statements (in the same transaction). */
const signIn = (user: string): Array<[string, unknown[]?]> => [
  [`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: user, role: 'authenticated' })]],
  ['set local role authenticated', []],
];

const brandFns = ['brand_activity_series()', 'brand_spend_series()', 'brand_funnel()'];
const creatorFns = ['creator_earnings_series()', 'creator_application_series()'];
const adminFns = ['admin_growth_series()', 'admin_money_series()'];

describe('buckets: one row per week or month of the range, empty ones as 0', () => {
  test.each([
    ['brand_activity_series', ids.brand, 'week'],
    ['brand_spend_series', ids.brand, 'month'],
    ['creator_earnings_series', ids.creator, 'month'],
    ['creator_application_series', ids.creator, 'month'],
    ['admin_growth_series', ids.admin, 'week'],
    ['admin_money_series', ids.admin, 'month'],
  ])('%s', async (fn, who, unit) => {
    const key = unit === 'week' ? 'week_start' : 'month_start';
    for (const days of [30, 90, 365]) {
      const rows = await series(who, fn, String(days), key);
      const [expected] = await rowsAs<{ buckets: string[] }>(
        ctx.db,
        'postgres',
        `select array_agg(g::date::text order by g) as buckets from generate_series(date_trunc($1, now() - make_interval(days => $2)),
           date_trunc($1, now()), ('1 ' || $1)::interval) g`,
        [unit, days],
      );
      expect(rows.map((r) => r.bucket)).toEqual(expected!.buckets);
      // Every value is a number: quiet weeks and months read 0, never null.
      for (const r of rows) for (const [k, v] of Object.entries(r)) if (k !== 'bucket') expect(typeof v).toBe('number');
    }
    // The seed has quiet periods over a year: zeros are there, not left out.
    const year = await series(who, fn, '365', key);
    expect(year.some((r) => Object.entries(r).every(([k, v]) => k === 'bucket' || v === 0))).toBe(true);
  });

  test('a range outside 7..366 days is refused with 22023 (range_invalid)', async () => {
    for (const [who, fn] of [[ids.brand, 'brand_activity_series'], [ids.creator, 'creator_earnings_series'], [ids.admin, 'admin_money_series']] as const) {
      for (const days of [6, 367, 0, -30]) {
        const e = await errorAs(ctx.db, as(who), `select * from api.${fn}($1)`, [days]);
        expect(e.code).toBe('22023');
        expect(e.detail).toBe('range_invalid');
      }
    }
  });
});

describe('api.brand_activity_series', () => {
  const direct = `
    select date_trunc('week', e.created_at)::date::text as bucket,
      count(*) filter (where e.kind = 'applied')::int as applications,
      count(*) filter (where e.kind in ('approved', 'auto_approved'))::int as approved_content
    from app.application_events e join app.applications a on a.id = e.application_id
    where e.brand_id = $1 and e.created_at >= date_trunc('week', now() - interval '365 days') and ($2::uuid is null or a.campaign_id = $2)
      and e.kind in ('applied', 'approved', 'auto_approved')
    group by 1 order by 1`;

  test('each brand sees its own applications and approvals per week, equal to direct SQL', async () => {
    for (const brand of [ids.brand, ids.otherBrand, ids.thirdBrand]) {
      const rows = (await series(brand, 'brand_activity_series', '365')).filter((r) => r.applications !== 0 || r.approved_content !== 0);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(num(await rowsAs(ctx.db, 'postgres', direct, [brand, null])));
    }
  });

  test('the campaign filter keeps one campaign; another brand\'s campaign reads as zeros', async () => {
    const one = await series(ids.brand, 'brand_activity_series', `365, '${ids.campaign(1)}'`);
    expect(one.filter((r) => r.applications !== 0 || r.approved_content !== 0)).toEqual(
      num(await rowsAs(ctx.db, 'postgres', direct, [ids.brand, ids.campaign(1)])),
    );
    expect(sum(one, 'applications')).toBeLessThan(sum(await series(ids.brand, 'brand_activity_series', '365'), 'applications'));
    // Campaign 6 is TrailPeak's, with applications: GlowLab learns nothing about it.
    expect(sum(await series(ids.otherBrand, 'brand_activity_series', `365, '${ids.campaign(6)}'`), 'applications')).toBeGreaterThan(0);
    const foreign = await series(ids.brand, 'brand_activity_series', `365, '${ids.campaign(6)}'`);
    expect(foreign.every((r) => r.applications === 0 && r.approved_content === 0)).toBe(true);
  });

  test('the date range: an application older than 30 days counts in the 90-day series only', async () => {
    const count = (days: number) =>
      stepsAs(ctx.db, 'postgres', [
        [`insert into app.applications (campaign_id, creator_id, pitch, created_at) values ($1, $2, 'Older pitch', now() - interval '45 days')`, [ids.campaign(1), ids.creatorN(12)]],
        ...signIn(ids.brand),
        [`select coalesce(sum(applications), 0)::int as n from api.brand_activity_series($1)`, [days]],
      ]);
    const base = async (days: number) => (await rowsAs<{ n: number }>(ctx.db, as(ids.brand), 'select coalesce(sum(applications), 0)::int as n from api.brand_activity_series($1)', [days]))[0]!.n;
    expect((await count(30))[0]).toEqual({ n: await base(30) });
    expect((await count(90))[0]).toEqual({ n: (await base(90)) + 1 });
  });
});

describe('api.brand_spend_series', () => {
  test('the months add up to the brand\'s money per campaign: released, refunded, and what escrow holds now', async () => {
    for (const brand of [ids.brand, ids.otherBrand, ids.thirdBrand]) {
      const rows = await series(brand, 'brand_spend_series', '365', 'month_start');
      const money = num(await rowsAs(ctx.db, as(brand), 'select * from api.brand_money_by_campaign()'));
      expect(sum(rows, 'released_cents')).toBe(sum(money, 'released_cents'));
      expect(sum(rows, 'refunded_cents')).toBe(sum(money, 'refunded_cents'));
      expect(rows.at(-1)!.in_escrow_cents).toBe(sum(money, 'in_escrow_cents'));
    }
    // TrailPeak: Mateo's $200.00 released months ago, Lucía's $800.00 still held (disputed).
    const trail = await series(ids.otherBrand, 'brand_spend_series', '365', 'month_start');
    expect(sum(trail, 'released_cents')).toBe(20000);
    expect(trail.at(-1)!.in_escrow_cents).toBe(80000);
    expect(trail.filter((r) => Number(r.released_cents) > 0)).toHaveLength(1);
    expect(trail.at(-1)!.released_cents).toBe(0);
  });

  test('the campaign filter: only that campaign\'s money; another brand\'s campaign reads as zeros', async () => {
    const one = await series(ids.otherBrand, 'brand_spend_series', `365, '${ids.campaign(6)}'`, 'month_start');
    expect(one.at(-1)!.in_escrow_cents).toBe(80000);
    expect(sum(one, 'released_cents')).toBe(0);
    const foreign = await series(ids.brand, 'brand_spend_series', `365, '${ids.campaign(6)}'`, 'month_start');
    expect(foreign.every((r) => r.released_cents === 0 && r.refunded_cents === 0 && r.in_escrow_cents === 0)).toBe(true);
  });

  test('the date range: releases before the range\'s first month are left out, the escrow balance still counts them', async () => {
    for (const days of [30, 90, 365]) {
      const rows = await series(ids.otherBrand, 'brand_spend_series', String(days), 'month_start');
      const [released] = await rowsAs<{ n: string }>(
        ctx.db,
        'postgres',
        `select coalesce(sum(le.amount_cents), 0)::text as n from app.ledger_transactions t join app.ledger_entries le on le.transaction_id = t.id
         where t.brand_id = $1 and t.kind = 'release' and le.account = 'escrow' and t.created_at >= date_trunc('month', now() - make_interval(days => $2))`,
        [ids.otherBrand, days],
      );
      expect(sum(rows, 'released_cents')).toBe(Number(released!.n));
      expect(rows.at(-1)!.in_escrow_cents).toBe(80000);
    }
    // Mateo's release was 47 days ago: in the 90-day range, not in the last 30 days' current month.
    expect(sum(await series(ids.otherBrand, 'brand_spend_series', '90', 'month_start'), 'released_cents')).toBe(20000);
  });
});

describe('api.brand_funnel', () => {
  test('per campaign of the brand: applied >= accepted >= submitted >= approved >= paid, with real activity', async () => {
    for (const brand of [ids.brand, ids.otherBrand, ids.thirdBrand]) {
      const rows = num(await rowsAs(ctx.db, as(brand), 'select * from api.brand_funnel(365)'));
      const owned = await rowsAs<{ id: string }>(ctx.db, 'postgres', 'select id from app.campaigns where brand_id = $1', [brand]);
      expect(rows.map((r) => r.id).sort()).toEqual(owned.map((c) => c.id).sort());
      for (const r of rows) {
        const steps = [r.applied, r.accepted, r.submitted, r.approved, r.paid] as number[];
        expect(steps).toEqual([...steps].sort((a, b) => b - a));
      }
      const [apps] = await rowsAs<{ n: number }>(ctx.db, 'postgres', `select count(*)::int as n from app.applications where brand_id = $1`, [brand]);
      expect(sum(rows, 'applied')).toBe(apps!.n);
      expect(sum(rows, 'paid')).toBeGreaterThan(0);
    }
  });

  test('the campaign filter keeps one row; another brand\'s campaign gives none', async () => {
    const rows = num(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_funnel(365, $1)', [ids.campaign(1)]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: ids.campaign(1), applied: 2, accepted: 1, submitted: 1, approved: 1, paid: 1 });
    expect(await rowsAs(ctx.db, as(ids.brand), 'select * from api.brand_funnel(365, $1)', [ids.campaign(6)])).toEqual([]);
  });

  test('the date range counts applications received in it', async () => {
    const rows = (days: number) =>
      stepsAs(ctx.db, 'postgres', [
        [`insert into app.applications (campaign_id, creator_id, pitch, created_at) values ($1, $2, 'Older pitch', now() - interval '45 days')`, [ids.campaign(1), ids.creatorN(12)]],
        ...signIn(ids.brand),
        ['select applied from api.brand_funnel($1, $2)', [days, ids.campaign(1)]],
      ]);
    expect(await rows(30)).toEqual([{ applied: 2 }]);
    expect(await rows(90)).toEqual([{ applied: 3 }]);
  });
});

describe('creator series', () => {
  test('earnings per month add up to the dashboard\'s total earnings and the payouts paid', async () => {
    for (const creator of [ids.creator, ids.otherCreator, ids.creatorN(5)]) {
      const rows = await series(creator, 'creator_earnings_series', '365', 'month_start');
      const [dash] = num(await rowsAs(ctx.db, as(creator), 'select total_earnings_cents from api.creator_dashboard()'));
      expect(sum(rows, 'earned_cents')).toBe(dash!.total_earnings_cents);
      const [paid] = await rowsAs<{ n: string }>(ctx.db, 'postgres', `select coalesce(sum(amount_cents), 0)::text as n from app.payouts where creator_id = $1 and status = 'paid'`, [creator]);
      expect(sum(rows, 'paid_out_cents')).toBe(Number(paid!.n));
    }
    // Diego: $850.00 released and paid out, months ago; nothing in the last 30 days.
    const diego = await series(ids.creatorN(5), 'creator_earnings_series', '365', 'month_start');
    expect(sum(diego, 'earned_cents')).toBe(85000);
    expect(sum(diego, 'paid_out_cents')).toBe(85000);
    expect(sum(await series(ids.creatorN(5), 'creator_earnings_series', '30', 'month_start'), 'earned_cents')).toBe(0);
  });

  test('applications per month by current status: the creator\'s own, all of them', async () => {
    for (const creator of [ids.creator, ids.otherCreator]) {
      const rows = await series(creator, 'creator_application_series', '365', 'month_start');
      const direct = await rowsAs<{ status: string; n: number }>(
        ctx.db, 'postgres', 'select status, count(*)::int as n from app.applications where creator_id = $1 group by status', [creator],
      );
      for (const status of ['pending', 'accepted', 'rejected', 'canceled']) {
        expect(sum(rows, status)).toBe(direct.find((d) => d.status === status)?.n ?? 0);
      }
    }
  });
});

describe('admin series', () => {
  test('sign-ups by role and campaigns created per week, platform-wide', async () => {
    const rows = await series(ids.admin, 'admin_growth_series', '365');
    const [d] = await rowsAs<Record<string, number>>(
      ctx.db,
      'postgres',
      `select count(*) filter (where role = 'brand')::int as brands, count(*) filter (where role = 'creator')::int as creators,
         count(*) filter (where role = 'admin')::int as admins,
         (select count(*)::int from app.campaigns where created_at >= date_trunc('week', now() - interval '365 days')) as campaigns
       from app.profiles where created_at >= date_trunc('week', now() - interval '365 days')`,
    );
    expect(sum(rows, 'brand_signups')).toBe(d!.brands);
    expect(sum(rows, 'creator_signups')).toBe(d!.creators);
    expect(sum(rows, 'admin_signups')).toBe(d!.admins);
    expect(sum(rows, 'campaigns_created')).toBe(d!.campaigns);
    // Sign-ups spread over the seed's four months, not one week.
    expect(rows.filter((r) => Number(r.creator_signups) > 0).length).toBeGreaterThan(4);
    // 30 days keep only the last weeks' sign-ups.
    expect(sum(await series(ids.admin, 'admin_growth_series', '30'), 'creator_signups')).toBeLessThan(d!.creators!);
  });

  test('money moved per month, from the ledger (the seed\'s movements at the times they happened)', async () => {
    const rows = await series(ids.admin, 'admin_money_series', '365', 'month_start');
    const [paid] = await rowsAs<{ n: string }>(ctx.db, 'postgres', `select coalesce(sum(amount_cents), 0)::text as n from app.payouts where status = 'paid'`);
    expect(sum(rows, 'paid_out_cents')).toBe(Number(paid!.n));
    expect(sum(rows, 'charged_cents')).toBe(100000 + 20000 + 80000 + 50000 + 15000);
    const [fees] = num(await rowsAs(ctx.db, as(ids.admin), 'select fees_earned_cents from api.admin_money_summary()'));
    expect(sum(rows, 'fees_cents')).toBe(fees!.fees_earned_cents);
    expect(rows.filter((r) => Number(r.charged_cents) > 0).length).toBeGreaterThan(1);
  });
});

describe('who may call them', () => {
  const noProfile = '00000000-0000-0000-0000-0000000000ff';
  test.each([
    ['brand', brandFns, [ids.creator, ids.admin, noProfile]],
    ['creator', creatorFns, [ids.brand, ids.admin, noProfile]],
    ['admin', adminFns, [ids.brand, ids.creator, noProfile]],
  ] as const)('%s functions: allowed for that role, refused (42501) for the others and anon', async (role, fns, others) => {
    const allowed = role === 'brand' ? ids.brand : role === 'creator' ? ids.creator : ids.admin;
    for (const fn of fns) {
      expect((await rowsAs(ctx.db, as(allowed), `select * from api.${fn}`)).length).toBeGreaterThan(0);
      for (const who of others) {
        const e = await errorAs(ctx.db, as(who), `select * from api.${fn}`);
        expect(e.code).toBe('42501');
      }
      expect((await errorAs(ctx.db, 'anon', `select * from api.${fn}`)).code).toBe('42501');
    }
  });

  test('a creator sees only their own figures: another creator\'s rows never count', async () => {
    const sofia = await series(ids.creator, 'creator_application_series', '365', 'month_start');
    const [own] = await rowsAs<{ n: number }>(ctx.db, 'postgres', 'select count(*)::int as n from app.applications where creator_id = $1', [ids.creator]);
    const total = sum(sofia, 'pending') + sum(sofia, 'accepted') + sum(sofia, 'rejected') + sum(sofia, 'canceled');
    expect(total).toBe(own!.n);
    const [all] = await rowsAs<{ n: number }>(ctx.db, 'postgres', 'select count(*)::int as n from app.applications');
    expect(total).toBeLessThan(all!.n);
  });
});
