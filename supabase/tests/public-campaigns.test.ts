import { describe, expect, test } from 'vitest';
import { as, ids, rowsAs, runAs, type Persona } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 32, item 1: guests browse active campaigns through api.public_campaigns / api.public_campaign.
// Exactly the public columns, only active campaigns, the same answer signed in or not.

const ctx = useSeededDatabase();
const cardColumns = ['id', 'title', 'description', 'content_type', 'platforms', 'compensation_type', 'compensation_cents', 'deadline', 'created_at', 'brand_name'];
// The page carries the requirements and the licence the campaign buys (decision 0056).
const detailColumns = [...cardColumns, 'requirements', 'usage_rights'];
// The list carries the brand's logo (a public Storage URL) for the signed-out /explore cards.
const listColumns = [...cardColumns, 'brand_logo_url'];
const hidden = [ids.campaign(5), ids.campaign(3), ids.campaign(4), ids.campaign(10)]; // drafts, paused, completed of two brands
const everyone: Persona[] = ['anon', as(ids.creator), as(ids.brand), as(ids.otherBrand), as(ids.admin)];

describe('public campaigns', () => {
  test('anon gets exactly the public columns of every active campaign, newest first, and nothing else', async () => {
    const active = await rowsAs<{ id: string }>(ctx.db, 'postgres',
      `select id from app.campaigns where status = 'active' order by created_at desc, id desc`);
    expect(active.length).toBeGreaterThan(2);
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, 'anon', 'select * from api.public_campaigns(page_size => 100)');
    expect(Object.keys(rows[0]!)).toEqual(listColumns);
    expect(rows.map((r) => r.id)).toEqual(active.map((r) => r.id));
    expect(rows.filter((r) => hidden.includes(r.id as string))).toEqual([]);
    // No applicant data, no emails, no brand id.
    expect(JSON.stringify(rows)).not.toMatch(/@demo\.test|application_count|has_applied/);
    expect(rows.find((r) => r.id === ids.campaign(1))?.brand_name).toBe('GlowLab Skincare');
  });

  test('keyset pages: the next page starts after the last row, and filters narrow the list', async () => {
    const all = await rowsAs<{ id: string; created_at: string }>(ctx.db, 'anon', 'select id, created_at from api.public_campaigns(page_size => 100)');
    const first = await rowsAs<{ id: string; created_at: string }>(ctx.db, 'anon', 'select id, created_at from api.public_campaigns(page_size => 2)');
    expect(first.map((r) => r.id)).toEqual(all.slice(0, 2).map((r) => r.id));
    const next = await rowsAs<{ id: string }>(ctx.db, 'anon', 'select id from api.public_campaigns(after_created_at => $1, after_id => $2, page_size => 2)',
      [first[1]!.created_at, first[1]!.id]);
    expect(next.map((r) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
    const tiktok = await rowsAs<{ platforms: string[] }>(ctx.db, 'anon', `select platforms from api.public_campaigns(platform_filter => 'tiktok', page_size => 100)`);
    expect(tiktok.length).toBeGreaterThan(0);
    expect(tiktok.every((r) => r.platforms.includes('tiktok'))).toBe(true);
    const videos = await rowsAs<{ content_type: string }>(ctx.db, 'anon', `select content_type from api.public_campaigns(type_filter => 'video', page_size => 100)`);
    expect(videos.every((r) => r.content_type === 'video')).toBe(true);
  });

  test('one campaign: its public columns with requirements when active; nothing for drafts, paused, completed or unknown ids', async () => {
    const rows = await rowsAs<Record<string, unknown>>(ctx.db, 'anon', 'select * from api.public_campaign($1)', [ids.campaign(1)]);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).toEqual(detailColumns);
    for (const id of [...hidden, '00000000-0000-0000-0000-00000000dead']) {
      expect(await rowsAs(ctx.db, 'anon', 'select * from api.public_campaign($1)', [id])).toEqual([]);
    }
  });

  test('one campaign: anon reads the licence it buys, in the shape the signed-in page reads', async () => {
    const { row, member } = await runAs(ctx.db, as(ids.brand), async (q) => {
      await q.query(`select api.set_campaign_usage_rights($1, 'paid', '{instagram}', '{US}', 90, 30000, 'skincare', 30)`, [ids.campaign(1)]);
      const member = (await q.query<{ usage_rights: unknown }>('select usage_rights from api.campaign_detail($1)', [ids.campaign(1)])).rows[0];
      await q.exec('reset role');
      await q.exec('set local role anon');
      await q.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      const row = (await q.query<{ usage_rights: unknown }>('select usage_rights from api.public_campaign($1)', [ids.campaign(1)])).rows[0];
      return { row, member };
    });
    expect(row!.usage_rights).toEqual({ kind: 'paid', platforms: ['instagram'], territory: ['US'], term_days: 90, price_cents: 30000,
      exclusivity_category: 'skincare', exclusivity_days: 30 });
    expect(member!.usage_rights).toEqual(row!.usage_rights);
  });

  test('signed-in users of every role get the same answers as anon', async () => {
    const list = 'select * from api.public_campaigns(page_size => 100)';
    const one = 'select * from api.public_campaign($1)';
    const expectedList = await rowsAs(ctx.db, 'anon', list);
    const expectedOne = await rowsAs(ctx.db, 'anon', one, [ids.campaign(1)]);
    for (const p of everyone) {
      expect(await rowsAs(ctx.db, p, list)).toEqual(expectedList);
      expect(await rowsAs(ctx.db, p, one, [ids.campaign(1)])).toEqual(expectedOne);
      expect(await rowsAs(ctx.db, p, one, [ids.campaign(5)])).toEqual([]);
    }
  });

  test('anon still reads no campaign table directly', async () => {
    const { errorAs } = await import('../../testkit/db/personas.ts');
    expect((await errorAs(ctx.db, 'anon', 'select id from app.campaigns')).code).toBe('42501');
  });
});
