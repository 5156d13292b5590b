import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

interface PortfolioRow {
  deliverable_id: string;
  content_url: string;
  campaign_id: string;
  campaign_title: string;
  approved_at: Date | string;
}

const portfolioSql = `select * from api.creator_portfolio($1)`;
const statisticsSql = `select campaigns_completed, approved_deliverables, applications_total, applications_accepted,
  applications_rejected, acceptance_rate::float8 as acceptance_rate, member_since from api.creator_statistics($1)`;

describe('api.creator_portfolio', () => {
  test("a brand reads another brand's creator's approved content only, newest approval first", async () => {
    // Sofía (c01) has deliverables 1 and 4 approved (GlowLab's campaigns 1 and 4) and 2 pending.
    const rows = await rowsAs<PortfolioRow>(ctx.db, as(ids.otherBrand), portfolioSql, [ids.creator]);
    expect(rows.map((r) => r.deliverable_id)).toEqual([ids.deliverable(4), ids.deliverable(1)]);
    expect(rows.map((r) => r.campaign_id)).toEqual([ids.campaign(4), ids.campaign(1)]);
    expect(rows[0]!.content_url).toBe('https://www.instagram.com/reel/CxLipTint06/');
    expect(rows[1]!.campaign_title).toEqual(expect.any(String));
    expect(Object.keys(rows[0]!).sort()).toEqual(['approved_at', 'campaign_id', 'campaign_title', 'content_url', 'deliverable_id']);
  });

  test('creators and admins may read it too (it is part of the public profile)', async () => {
    for (const persona of [as(ids.otherCreator), as(ids.creator), as(ids.admin)]) {
      const rows = await rowsAs<PortfolioRow>(ctx.db, persona, portfolioSql, [ids.creator]);
      expect(rows).toHaveLength(2);
    }
  });

  test('never shows pending, submitted or rejected work', async () => {
    // Diego (c05): deliverable 5 rejected, 7 approved. Mateo (c02): 3 submitted, 8 approved.
    const diego = await rowsAs<PortfolioRow>(ctx.db, as(ids.brand), portfolioSql, [ids.creatorN(5)]);
    expect(diego.map((r) => r.deliverable_id)).toEqual([ids.deliverable(7)]);
    const mateo = await rowsAs<PortfolioRow>(ctx.db, as(ids.brand), portfolioSql, [ids.otherCreator]);
    expect(mateo.map((r) => r.deliverable_id)).toEqual([ids.deliverable(8)]);
  });

  test('follows a newly approved deliverable and a page size', async () => {
    const rows = await stepsAs<PortfolioRow>(ctx.db, 'postgres', [
      [`update app.deliverables set status = 'approved' where id = $1`, [ids.deliverable(2)]],
      [`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ids.brand, role: 'authenticated' })]],
      [`set local role authenticated`],
      [`select * from api.creator_portfolio($1, 1)`, [ids.creator]],
    ]);
    expect(rows.map((r) => r.deliverable_id)).toEqual([ids.deliverable(2)]);
  });

  test('is empty for a creator without approved content and for a non-creator', async () => {
    expect(await rowsAs(ctx.db, as(ids.brand), portfolioSql, [ids.creatorN(6)])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.brand), portfolioSql, [ids.brand])).toEqual([]);
  });

  test('refuses anonymous callers', async () => {
    const err = await errorAs(ctx.db, 'anon', portfolioSql, [ids.creator]);
    expect(err.code).toBe('42501');
  });
});

describe('api.creator_statistics', () => {
  test('counts real applications and approved deliverables', async () => {
    // Sofía: applications 1 accepted, 2 pending, 3 rejected, 7 accepted; approved deliverables 1 and 4.
    const rows = await rowsAs(ctx.db, as(ids.brand), statisticsSql, [ids.creator]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      campaigns_completed: 2,
      approved_deliverables: 2,
      applications_total: 4,
      applications_accepted: 2,
      applications_rejected: 1,
      acceptance_rate: 66.7,
    });
    const created = await ctx.db.query<{ created_at: Date }>(`select created_at from app.profiles where id = $1`, [ids.creator]);
    expect(new Date(rows[0]!.member_since as string).getTime()).toBe(new Date(created.rows[0]!.created_at).getTime());
  });

  test('has a null acceptance rate when nothing was decided, and zeros without activity', async () => {
    // Valentina (c03) never applied; Daniela (c12) has one pending application.
    const valentina = await rowsAs(ctx.db, as(ids.brand), statisticsSql, [ids.creatorN(3)]);
    expect(valentina[0]).toMatchObject({
      campaigns_completed: 0, approved_deliverables: 0, applications_total: 0, applications_accepted: 0,
      applications_rejected: 0, acceptance_rate: null,
    });
    const daniela = await rowsAs(ctx.db, as(ids.brand), statisticsSql, [ids.creatorN(12)]);
    expect(daniela[0]).toMatchObject({ applications_total: 1, applications_accepted: 0, acceptance_rate: null });
  });

  test('a rejected-only record is 0 percent', async () => {
    // Santiago (c09): one rejected application.
    const rows = await rowsAs(ctx.db, as(ids.otherCreator), statisticsSql, [ids.creatorN(9)]);
    expect(rows[0]).toMatchObject({ applications_total: 1, applications_rejected: 1, acceptance_rate: 0 });
  });

  test('has no row for a brand, an admin or an unknown id', async () => {
    expect(await rowsAs(ctx.db, as(ids.brand), statisticsSql, [ids.otherBrand])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.brand), statisticsSql, [ids.admin])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.brand), statisticsSql, ['99999999-9999-4999-8999-999999999999'])).toEqual([]);
  });

  test('refuses anonymous callers', async () => {
    const err = await errorAs(ctx.db, 'anon', statisticsSql, [ids.creator]);
    expect(err.code).toBe('42501');
  });
});

describe('settings and discovery functions the screens rely on', () => {
  test('discover_creators matches names without accents and filters by niche, platform and followers', async () => {
    const byName = await rowsAs<{ id: string }>(ctx.db, as(ids.brand), `select id from api.discover_creators(search => 'sofia rios')`);
    expect(byName.map((r) => r.id)).toEqual([ids.creator]);
    const filtered = await rowsAs<{ id: string; followers: number }>(ctx.db, as(ids.brand),
      `select id, followers from api.discover_creators(niche => 'Travel', platform => 'youtube', min_followers => 80000)`);
    expect(filtered.map((r) => r.id)).toEqual([ids.otherCreator]);
  });

  test('discover_creators refuses creators', async () => {
    const err = await errorAs(ctx.db, as(ids.creator), `select * from api.discover_creators()`);
    expect(err.code).toBe('42501');
  });

  test('update_account refuses a username taken by someone else (any case) and changes nothing', async () => {
    const err = await errorAs(ctx.db, as(ids.creator), `select api.update_account('Sofía Ríos', 'MATEO.VIAJA', null)`);
    expect(err.code).toBe('23505');
    expect(err.message).toBe('Username already taken');
  });

  test('update_creator_profile stores the rate in cents and omits nothing else', async () => {
    const rows = await stepsAs(ctx.db, as(ids.creator), [
      [`select api.update_creator_profile(niche => 'Food', location => 'Cali, Colombia', instagram_handle => 'sofi',
        tiktok_handle => null, youtube_handle => null, rate_per_post_cents => 17000)`],
      [`select niche, location, instagram_handle, tiktok_handle, rate_per_post_cents::int as rate from api.creator_profile($1)`, [ids.creator]],
    ]);
    expect(rows).toEqual([{ niche: 'Food', location: 'Cali, Colombia', instagram_handle: 'sofi', tiktok_handle: null, rate: 17000 }]);
  });

  test('update_brand_profile is for brands only', async () => {
    const err = await errorAs(ctx.db, as(ids.creator), `select api.update_brand_profile('Nope Inc')`);
    expect(err.code).toBe('42501');
  });
});
