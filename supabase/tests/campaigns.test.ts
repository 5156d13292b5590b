import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs, type Persona } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();
const draft = ids.campaign(5); // GlowLab draft
const active = ids.campaign(1); // GlowLab active, creator applied
const paused = ids.campaign(3); // GlowLab paused
const completed = ids.campaign(4); // GlowLab completed, creator applied (accepted)
const otherDraft = ids.campaign(10); // TrailPeak draft

const createSql = `select api.create_campaign($1, $2, $3, $4::text[], $5, $6, $7::timestamptz, $8, $9) id`;
const valid = ['New campaign', 'Describe it', 'video', ['tiktok'], 'flat_fee', 10000, new Date(Date.now() + 86400e3 * 7).toISOString(), null, 'active'];
const withField = (i: number, v: unknown) => valid.map((x, j) => (j === i ? v : x));

describe('campaigns table', () => {
  test('anon cannot read campaigns', async () => {
    expect((await errorAs(ctx.db, 'anon', 'select id from app.campaigns')).code).toBe('42501');
  });
  test('creators see active campaigns plus the ones they applied to, never drafts', async () => {
    const rows = await rowsAs<{ id: string; status: string }>(ctx.db, as(ids.creator), 'select id, status from app.campaigns');
    expect(rows.filter((r) => r.status === 'draft')).toEqual([]);
    expect(rows.map((r) => r.id)).toContain(completed);
    expect(rows.map((r) => r.id)).not.toContain(paused);
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(8);
  });
  test('a brand sees its own campaigns in every status, others only when active; admins all', async () => {
    const mine = await rowsAs<{ id: string }>(ctx.db, as(ids.brand), 'select id from app.campaigns where brand_id = $1', [ids.brand]);
    expect(mine).toHaveLength(5);
    expect(await rowsAs(ctx.db, as(ids.brand), 'select id from app.campaigns where id = $1', [otherDraft])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.admin), 'select count(*)::int n from app.campaigns')).toEqual([{ n: 15 }]);
    expect(await rowsAs(ctx.db, 'service_role', 'select count(*)::int n from app.campaigns')).toEqual([{ n: 15 }]);
  });
  test('only the owner updates or deletes; others change nothing', async () => {
    for (const p of [as(ids.otherBrand), as(ids.creator), as(ids.admin)] as Persona[]) {
      expect(await rowsAs(ctx.db, p, `update app.campaigns set title = 'x' where id = $1 returning id`, [active])).toHaveLength(0);
      expect(await rowsAs(ctx.db, p, `delete from app.campaigns where id = $1 returning id`, [draft])).toHaveLength(0);
    }
    expect(await rowsAs(ctx.db, as(ids.brand), `update app.campaigns set title = 'x' where id = $1 returning id`, [active])).toHaveLength(1);
    expect(await rowsAs(ctx.db, as(ids.brand), `delete from app.campaigns where id = $1 returning id`, [draft])).toHaveLength(1);
    expect(await rowsAs(ctx.db, as(ids.brand), `delete from app.campaigns where id = $1 returning id`, [active])).toHaveLength(0);
  });
  test('owner and counters are immutable; inserts only as a brand for itself', async () => {
    expect((await errorAs(ctx.db, as(ids.brand), `update app.campaigns set brand_id = $2 where id = $1`, [active, ids.otherBrand])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.brand), `update app.campaigns set application_count = 99 where id = $1`, [active])).code).toBe('42501');
    const ins = `insert into app.campaigns (brand_id, title, platforms, deadline) values ($1, 'T', '{tiktok}', now() + interval '1 day') returning status`;
    expect(await rowsAs(ctx.db, as(ids.brand), ins, [ids.brand])).toEqual([{ status: 'active' }]);
    expect((await errorAs(ctx.db, as(ids.brand), ins, [ids.otherBrand])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), ins, [ids.creator])).code).toBe('42501');
  });
});

describe('api.browse_campaigns', () => {
  test('lists active campaigns newest first with brand name, counts and has_applied', async () => {
    const rows = await rowsAs<{ id: string; status: string; brand_name: string; application_count: number; has_applied: boolean }>(
      ctx.db, as(ids.creator), 'select * from api.browse_campaigns()');
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    const first = rows.find((r) => r.id === active)!;
    expect(first).toMatchObject({ brand_name: 'GlowLab Skincare', application_count: 2, has_applied: true });
    expect(rows.find((r) => r.id === ids.campaign(7))).toMatchObject({ has_applied: false, application_count: 1 });
    expect(rows[0]!.id).toBe(ids.campaign(15));
  });
  test('keyword is accent- and case-insensitive over title and description', async () => {
    const ids1 = async (kw: string) =>
      (await rowsAs<{ id: string }>(ctx.db, as(ids.creator), 'select id from api.browse_campaigns(keyword => $1)', [kw])).map((r) => r.id);
    expect(await ids1('RESENA')).toEqual([ids.campaign(2)]);
    expect(await ids1('reseña')).toEqual([ids.campaign(2)]);
    expect(await ids1('cafe de')).toEqual([ids.campaign(12)]);
    expect(await ids1('backpack')).toEqual([ids.campaign(6)]);
    expect(await ids1('100%')).toEqual([]);
    expect(await ids1('   ')).toHaveLength(8);
  });
  test('content type and platform filters; all means any', async () => {
    const reels = await rowsAs<{ content_type: string }>(ctx.db, as(ids.creator), `select content_type from api.browse_campaigns(content_type => 'reel')`);
    expect(reels.map((r) => r.content_type)).toEqual(['reel']);
    const yt = await rowsAs<{ platforms: string[] }>(ctx.db, as(ids.creator), `select platforms from api.browse_campaigns(platform => 'youtube')`);
    expect(yt.length).toBe(4);
    expect(yt.every((r) => r.platforms.includes('youtube'))).toBe(true);
    expect(await rowsAs(ctx.db, as(ids.creator), `select id from api.browse_campaigns(platform => 'all')`)).toHaveLength(8);
  });
  test('keyset pages return every active campaign once', async () => {
    const seen: string[] = [];
    let after: { created_at: Date; id: string } | undefined;
    for (;;) {
      const page = await rowsAs<{ id: string; created_at: Date }>(ctx.db, as(ids.creator),
        'select id, created_at from api.browse_campaigns(after_created_at => $1, after_id => $2, page_size => 3)',
        [after?.created_at ?? null, after?.id ?? null]);
      if (!page.length) break;
      seen.push(...page.map((r) => r.id));
      after = page[page.length - 1];
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });
  test('anon may not browse', async () => {
    expect((await errorAs(ctx.db, 'anon', 'select * from api.browse_campaigns()')).code).toBe('42501');
  });
});

describe('api.campaign_detail and my_campaigns', () => {
  test('detail includes brand, stats, ownership and the caller application', async () => {
    const [row] = await rowsAs<Record<string, any>>(ctx.db, as(ids.creator), 'select * from api.campaign_detail($1)', [active]);
    expect(row).toMatchObject({ id: active, is_owner: false, application_count: 2, status: 'active' });
    expect(row!.brand).toMatchObject({ company_name: 'GlowLab Skincare', industry: 'Beauty', website: 'https://glowlab.example.com' });
    expect(row!.my_application).toMatchObject({ id: ids.application(1), status: 'accepted' });
    const [own] = await rowsAs<Record<string, any>>(ctx.db, as(ids.brand), 'select * from api.campaign_detail($1)', [draft]);
    expect(own).toMatchObject({ is_owner: true, my_application: null, status: 'draft' });
  });
  test('drafts and paused campaigns are invisible to others (no row)', async () => {
    expect(await rowsAs(ctx.db, as(ids.creator), 'select id from api.campaign_detail($1)', [draft])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.otherBrand), 'select id from api.campaign_detail($1)', [paused])).toEqual([]);
    expect(await rowsAs(ctx.db, as(ids.admin), 'select id from api.campaign_detail($1)', [draft])).toHaveLength(1);
  });
  test('my_campaigns lists only the caller campaigns with real counts', async () => {
    const rows = await rowsAs<{ id: string; application_count: number; pending_application_count: number }>(
      ctx.db, as(ids.brand), 'select id, application_count, pending_application_count from api.my_campaigns()');
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.id === active)).toEqual({ id: active, application_count: 2, pending_application_count: 1 });
    expect(await rowsAs(ctx.db, as(ids.creator), 'select id from api.my_campaigns()')).toEqual([]);
  });
});

describe('api.create_campaign / update_campaign / pause / close', () => {
  test('a brand creates a campaign; all means all five platforms', async () => {
    const rows = await stepsAs<Record<string, any>>(ctx.db, as(ids.brand), [
      [`select set_config('test.id', (${createSql.replace(' id', '')})::text, true)`, withField(3, ['all'])],
      [`select brand_id, status, platforms, compensation_cents from app.campaigns where id = current_setting('test.id')::uuid`],
    ]);
    expect(rows[0]).toMatchObject({ brand_id: ids.brand, status: 'active' });
    expect([...rows[0]!.platforms].sort()).toEqual(['facebook', 'instagram', 'tiktok', 'twitter', 'youtube']);
    expect(Number(rows[0]!.compensation_cents)).toBe(10000);
    expect(await rowsAs(ctx.db, as(ids.brand), createSql, withField(8, 'draft'))).toHaveLength(1);
  });
  test('validation messages', async () => {
    const cases: Array<[number, unknown, string, string]> = [
      [0, ' ', 'Title is required', 'title_required'],
      [1, '', 'Description is required', 'description_required'],
      [2, 'podcast', 'Please select a content type', 'content_type_invalid'],
      [3, [], 'Please select at least one platform', 'platforms_required'],
      [3, null, 'Please select at least one platform', 'platforms_required'],
      [3, ['myspace'], 'Unknown platform', 'platforms_invalid'],
      [4, 'barter', 'Please select a compensation type', 'compensation_type_invalid'],
      [5, -1, 'Compensation must be 0 or more', 'compensation_invalid'],
      [6, null, 'Deadline is required', 'deadline_required'],
      [6, '2000-01-01T00:00:00Z', 'Deadline cannot be in the past', 'deadline_past'],
      [8, 'paused', 'A new campaign must be draft or active', 'status_invalid'],
    ];
    for (const [i, v, message, detail] of cases) {
      const e = await errorAs(ctx.db, as(ids.brand), createSql, withField(i, v));
      expect([e.code, e.message, e.detail]).toEqual(['22023', message, detail]);
    }
  });
  test('only brands create campaigns', async () => {
    for (const p of [as(ids.creator), as(ids.admin)]) {
      const e = await errorAs(ctx.db, p, createSql, valid);
      expect([e.code, e.detail]).toEqual(['42501', 'not_brand']);
    }
    expect((await errorAs(ctx.db, 'anon', createSql, valid)).code).toBe('42501');
  });
  const updateSql = `select api.update_campaign($1, 'Edited', 'Desc', 'image', '{instagram}', 'product', 0, now() + interval '3 days', 'Req', $2)`;
  test('the owner edits; others get the Unauthorized text or not found', async () => {
    const rows = await stepsAs(ctx.db, as(ids.brand), [
      [updateSql, [active, null]],
      ['select title, content_type, status, requirements from app.campaigns where id = $1', [active]],
    ]);
    expect(rows).toEqual([{ title: 'Edited', content_type: 'image', status: 'active', requirements: 'Req' }]);
    const e = await errorAs(ctx.db, as(ids.otherBrand), updateSql, [active, null]);
    expect([e.code, e.message, e.detail]).toEqual(['42501', 'You do not have permission to edit this campaign.', 'not_owner']);
    expect((await errorAs(ctx.db, as(ids.creator), updateSql, [active, null])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.otherBrand), updateSql, [draft, null])).code).toBe('PT404');
    expect((await errorAs(ctx.db, as(ids.brand), updateSql, ['00000000-0000-0000-0000-00000000dead', null])).code).toBe('PT404');
  });
  test('status transitions allowed and refused', async () => {
    const allowed: Array<[string, string]> = [[draft, 'active'], [draft, 'paused'], [draft, 'completed'], [active, 'paused'], [active, 'completed'], [paused, 'active'], [paused, 'completed']];
    for (const [id, to] of allowed) {
      expect(await stepsAs(ctx.db, as(ids.brand), [[updateSql, [id, to]], ['select status from app.campaigns where id = $1', [id]]]))
        .toEqual([{ status: to }]);
    }
    const refused: Array<[string, string]> = [[active, 'draft'], [paused, 'draft'], [completed, 'active'], [completed, 'draft'], [completed, 'paused']];
    for (const [id, to] of refused) {
      const e = await errorAs(ctx.db, as(ids.brand), updateSql, [id, to]);
      expect([e.code, e.detail]).toEqual(['PT409', 'invalid_transition']);
    }
    expect((await errorAs(ctx.db, as(ids.brand), updateSql, [active, 'archived'])).code).toBe('22023');
  });
  test('pause: active only; close: anything not completed; owner only', async () => {
    expect(await stepsAs(ctx.db, as(ids.brand), [['select api.pause_campaign($1)', [active]], ['select status from app.campaigns where id = $1', [active]]]))
      .toEqual([{ status: 'paused' }]);
    for (const id of [paused, draft, completed]) {
      expect((await errorAs(ctx.db, as(ids.brand), 'select api.pause_campaign($1)', [id])).message).toBe('Only an active campaign can be paused');
    }
    for (const id of [active, paused, draft]) {
      expect(await stepsAs(ctx.db, as(ids.brand), [['select api.close_campaign($1)', [id]], ['select status from app.campaigns where id = $1', [id]]]))
        .toEqual([{ status: 'completed' }]);
    }
    expect((await errorAs(ctx.db, as(ids.brand), 'select api.close_campaign($1)', [completed])).code).toBe('PT409');
    expect((await errorAs(ctx.db, as(ids.otherBrand), 'select api.pause_campaign($1)', [active])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), 'select api.close_campaign($1)', [active])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.admin), 'select api.close_campaign($1)', [active])).code).toBe('42501');
  });
});
