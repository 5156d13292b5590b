import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();
const c = ids.campaign;
const a = ids.application;
const d = ids.deliverable;
const pitchText = "Please enter a pitch describing why you're a good fit for this campaign.";

describe('applications table', () => {
  test('creators see their own, brands those to their campaigns, admins all, others nothing', async () => {
    const count = async (who: string) =>
      (await rowsAs<{ n: number }>(ctx.db, as(who), 'select count(*)::int n from app.applications'))[0]!.n;
    expect(await count(ids.creator)).toBe(4);
    expect(await count(ids.otherCreator)).toBe(2);
    expect(await count(ids.brand)).toBe(5);
    expect(await count(ids.otherBrand)).toBe(6);
    expect(await count(ids.admin)).toBe(17);
    expect((await errorAs(ctx.db, 'anon', 'select 1 from app.applications')).code).toBe('42501');
  });
  test('only the owning brand updates status; pitch and parties never change', async () => {
    const upd = `update app.applications set status = 'accepted' where id = $1 returning id`;
    expect(await rowsAs(ctx.db, as(ids.otherBrand), upd, [a(6)])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.creatorN(8)), upd, [a(6)])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.admin), upd, [a(6)])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.brand), upd, [a(6)])).toHaveLength(1);
    expect((await errorAs(ctx.db, as(ids.creatorN(8)), `update app.applications set pitch = 'x' where id = $1`, [a(6)])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.otherBrand), `update app.applications set status = 'pending' where id = $1`, [a(3)])).code).toBe('PT409');
    expect((await errorAs(ctx.db, as(ids.creator), `delete from app.applications where id = $1`, [a(2)])).code).toBe('42501');
  });
  test('direct inserts: only as yourself, only as a creator, only to active campaigns, pending only', async () => {
    const ins = `insert into app.applications (campaign_id, creator_id, pitch, status) values ($1, $2, 'hola', $3) returning brand_id`;
    expect(await rowsAs(ctx.db, as(ids.creator), ins, [c(7), ids.creator, 'pending'])).toEqual([{ brand_id: ids.otherBrand }]);
    expect((await errorAs(ctx.db, as(ids.creator), ins, [c(7), ids.otherCreator, 'pending'])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), ins, [c(9), ids.creator, 'pending'])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.brand), ins, [c(7), ids.brand, 'pending'])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), ins, [c(7), ids.creator, 'accepted'])).code).toBe('22023');
  });
});

describe('api: apply, list, accept, reject', () => {
  test('a creator applies once to an active campaign; the count follows', async () => {
    const rows = await stepsAs(ctx.db, as(ids.creator), [
      [`select api.apply_to_campaign($1, '  Me encanta su café  ')`, [c(11)]],
      [`select status, campaign->>'title' title, pitch from api.my_applications() where campaign->>'id' = $1`, [c(11)]],
    ]);
    expect(rows).toEqual([{ status: 'pending', title: 'Late Night Coding Coffee', pitch: 'Me encanta su café' }]);
    expect(await stepsAs(ctx.db, as(ids.creator), [
      [`select api.apply_to_campaign($1, 'hola')`, [c(11)]],
      [`select application_count, has_applied from api.browse_campaigns() where id = $1`, [c(11)]],
    ])).toEqual([{ application_count: 3, has_applied: true }]);
  });
  test('refusals: pitch, duplicate, inactive, missing, non-creators', async () => {
    const apply = `select api.apply_to_campaign($1, $2)`;
    const blank = await errorAs(ctx.db, as(ids.creator), apply, [c(11), '   ']);
    expect([blank.code, blank.message, blank.detail]).toEqual(['22023', pitchText, 'pitch_required']);
    expect((await errorAs(ctx.db, as(ids.creator), apply, [c(11), null])).message).toBe(pitchText);
    const dup = await errorAs(ctx.db, as(ids.creator), apply, [c(1), 'otra vez']);
    expect([dup.code, dup.detail]).toEqual(['23505', 'already_applied']);
    const paused = await errorAs(ctx.db, as(ids.creatorN(9)), apply, [c(3), 'hola']);
    expect(paused.code).toBe('PT404');
    const completed = await errorAs(ctx.db, as(ids.creatorN(3)), apply, [c(4), 'hola']);
    expect(completed.code).toBe('PT404');
    expect((await errorAs(ctx.db, as(ids.creator), apply, [c(4), 'hola'])).code).toBe('23505');
    for (const who of [ids.brand, ids.admin]) {
      const e = await errorAs(ctx.db, as(who), apply, [c(11), 'hola']);
      expect([e.code, e.detail]).toEqual(['42501', 'not_creator']);
    }
    expect((await errorAs(ctx.db, 'anon', apply, [c(11), 'hola'])).code).toBe('42501');
  });
  test('service_role bypasses RLS and sees every application and deliverable', async () => {
    expect(await rowsAs(ctx.db, 'service_role', 'select count(*)::int n from app.applications')).toEqual([{ n: 17 }]);
    expect(await rowsAs(ctx.db, 'service_role', 'select count(*)::int n from app.deliverables')).toEqual([{ n: 9 }]);
  });
  test('campaign_applications: owner and admin see applicants; others refused', async () => {
    const rows = await rowsAs<{ id: string; creator: Record<string, string> }>(ctx.db, as(ids.brand), 'select * from api.campaign_applications($1)', [c(1)]);
    expect(rows.map((r) => r.id).sort()).toEqual([a(1), a(6)]);
    expect(rows.find((r) => r.id === a(1))!.creator).toMatchObject({ username: 'sofia.rios', full_name: 'Sofía Ríos' });
    expect(await rowsAs(ctx.db, as(ids.admin), 'select id from api.campaign_applications($1)', [c(1)])).toHaveLength(2);
    for (const who of [ids.otherBrand, ids.creator]) {
      expect((await errorAs(ctx.db, as(who), 'select * from api.campaign_applications($1)', [c(1)])).code).toBe('42501');
    }
    expect((await errorAs(ctx.db, as(ids.otherBrand), 'select * from api.campaign_applications($1)', [c(5)])).code).toBe('PT404');
  });
  test('accept and reject: owner only, pending only, rejection final', async () => {
    expect(await stepsAs(ctx.db, as(ids.brand), [
      ['select api.accept_application($1)', [a(6)]], ['select status from app.applications where id = $1', [a(6)]],
    ])).toEqual([{ status: 'accepted' }]);
    expect(await stepsAs(ctx.db, as(ids.brand), [
      ['select api.reject_application($1)', [a(6)]], ['select status from app.applications where id = $1', [a(6)]],
    ])).toEqual([{ status: 'rejected' }]);
    const again = await errorAs(ctx.db, as(ids.otherBrand), 'select api.accept_application($1)', [a(3)]);
    expect([again.code, again.message]).toEqual(['PT409', 'This application has already been rejected']);
    expect((await errorAs(ctx.db, as(ids.brand), 'select api.reject_application($1)', [a(1)])).message)
      .toBe('This application has already been accepted');
    for (const who of [ids.otherBrand, ids.admin]) {
      const e = await errorAs(ctx.db, as(who), 'select api.accept_application($1)', [a(6)]);
      expect(e.code).toBe(who === ids.admin ? '42501' : 'PT404');
    }
    expect((await errorAs(ctx.db, as(ids.creatorN(8)), 'select api.accept_application($1)', [a(6)])).code).toBe('42501');
  });
});

describe('deliverables', () => {
  test('table: parties and admins read, others see nothing', async () => {
    const count = async (who: string) =>
      (await rowsAs<{ n: number }>(ctx.db, as(who), 'select count(*)::int n from app.deliverables'))[0]!.n;
    expect(await count(ids.creator)).toBe(3);
    expect(await count(ids.brand)).toBe(3);
    expect(await count(ids.otherBrand)).toBe(3);
    expect(await count(ids.creatorN(12))).toBe(0);
    expect(await count(ids.admin)).toBe(9);
  });
  test('table: the brand cannot change the URL, the creator cannot approve', async () => {
    expect((await errorAs(ctx.db, as(ids.creator), `update app.deliverables set status = 'approved' where id = $1`, [d(2)])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.brand), `update app.deliverables set content_url = 'https://x.y' where id = $1`, [d(2)])).code).toBe('42501');
    expect(await rowsAs(ctx.db, as(ids.otherCreator), `update app.deliverables set content_url = 'https://x.y' where id = $1 returning 1`, [d(2)])).toHaveLength(0);
    expect(await rowsAs(ctx.db, as(ids.brand), `delete from app.deliverables where id = $1 returning 1`, [d(2)])).toHaveLength(0);
    expect((await errorAs(ctx.db, as(ids.creator), `insert into app.deliverables (application_id, content_url) values ($1, 'https://a.b')`, [a(2)])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.creator), `insert into app.deliverables (application_id, content_url) values ($1, 'ftp://a.b')`, [a(1)])).code).toBe('23514');
  });
  test('application_deliverables: parties and admins; others not found', async () => {
    const rows = await rowsAs<{ id: string }>(ctx.db, as(ids.creator), 'select id from api.application_deliverables($1)', [a(1)]);
    expect(rows.map((r) => r.id).sort()).toEqual([d(1), d(2)]);
    expect(await rowsAs(ctx.db, as(ids.brand), 'select id from api.application_deliverables($1)', [a(1)])).toHaveLength(2);
    expect(await rowsAs(ctx.db, as(ids.admin), 'select id from api.application_deliverables($1)', [a(1)])).toHaveLength(2);
    for (const who of [ids.otherCreator, ids.otherBrand]) {
      expect((await errorAs(ctx.db, as(who), 'select * from api.application_deliverables($1)', [a(1)])).code).toBe('PT404');
    }
  });
  test('submit_deliverable: the accepted creator submits; every message', async () => {
    const rows = await stepsAs(ctx.db, as(ids.creator), [
      [`select api.submit_deliverable($1, ' https://www.tiktok.com/@sofiarios/video/1 ')`, [c(1)]],
      [`select content_url, status from app.deliverables where application_id = $1 order by created_at desc limit 1`, [a(1)]],
    ]);
    expect(rows).toEqual([{ content_url: 'https://www.tiktok.com/@sofiarios/video/1', status: 'pending' }]);
    const sub = 'select api.submit_deliverable($1, $2)';
    const cases: Array<[string, string, unknown, string, string]> = [
      [ids.creator, c(1), ' ', '22023', 'Please enter a URL to your content.'],
      [ids.creator, c(1), 'javascript:alert(1)', '22023', 'Please enter a valid link starting with http:// or https://'],
      [ids.creator, c(7), 'https://a.b', 'PT404', 'Could not find your application for this campaign.'],
      [ids.creator, c(2), 'https://a.b', 'PT409', 'You can submit content once your application is accepted.'],
      [ids.creator, c(6), 'https://a.b', 'PT409', 'You can submit content once your application is accepted.'],
      [ids.brand, c(1), 'https://a.b', '42501', 'Only creators can submit content'],
    ];
    for (const [who, campaign, url, code, message] of cases) {
      const e = await errorAs(ctx.db, as(who), sub, [campaign, url]);
      expect([e.code, e.message]).toEqual([code, message]);
    }
  });
  test('update and delete: creator only, not once approved or rejected; a new URL goes back to pending', async () => {
    expect(await stepsAs(ctx.db, as(ids.creator), [
      [`select api.update_deliverable($1, 'https://new.example/1')`, [d(2)]],
      ['select content_url, status from app.deliverables where id = $1', [d(2)]],
    ])).toEqual([{ content_url: 'https://new.example/1', status: 'pending' }]);
    expect((await errorAs(ctx.db, as(ids.creatorN(5)), `select api.update_deliverable($1, 'https://new.example/2')`, [d(5)])).message)
      .toBe('Rejected content cannot be changed');
    expect((await errorAs(ctx.db, as(ids.creator), `select api.update_deliverable($1, 'https://x.y')`, [d(1)])).message)
      .toBe('Approved content cannot be changed');
    expect((await errorAs(ctx.db, as(ids.creator), `select api.update_deliverable($1, '')`, [d(2)])).message)
      .toBe('Please enter a URL to your content.');
    expect((await errorAs(ctx.db, as(ids.brand), `select api.update_deliverable($1, 'https://x.y')`, [d(2)])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.otherCreator), `select api.update_deliverable($1, 'https://x.y')`, [d(2)])).code).toBe('PT404');
    expect(await stepsAs(ctx.db, as(ids.creator), [
      ['select api.delete_deliverable($1)', [d(2)]], ['select count(*)::int n from app.deliverables where id = $1', [d(2)]],
    ])).toEqual([{ n: 0 }]);
    expect((await errorAs(ctx.db, as(ids.creator), 'select api.delete_deliverable($1)', [d(1)])).message).toBe('Approved content cannot be deleted');
    expect((await errorAs(ctx.db, as(ids.brand), 'select api.delete_deliverable($1)', [d(2)])).code).toBe('42501');
  });
  test('review_deliverable: owning brand, pending or submitted only, with feedback', async () => {
    expect(await stepsAs(ctx.db, as(ids.brand), [
      [`select api.review_deliverable($1, 'rejected', 'Needs better light')`, [d(2)]],
      ['select status, feedback from app.deliverables where id = $1', [d(2)]],
    ])).toEqual([{ status: 'rejected', feedback: 'Needs better light' }]);
    expect(await stepsAs(ctx.db, as(ids.otherBrand), [
      [`select api.review_deliverable($1, 'approved')`, [d(3)]], ['select status from app.deliverables where id = $1', [d(3)]],
    ])).toEqual([{ status: 'approved' }]);
    const again = await errorAs(ctx.db, as(ids.brand), `select api.review_deliverable($1, 'rejected')`, [d(1)]);
    expect([again.code, again.message]).toEqual(['PT409', 'This content has already been approved']);
    expect((await errorAs(ctx.db, as(ids.thirdBrand), `select api.review_deliverable($1, 'approved')`, [d(5)])).code).toBe('PT409');
    expect((await errorAs(ctx.db, as(ids.brand), `select api.review_deliverable($1, 'pending')`, [d(2)])).message).toBe('Status must be approved, changes_requested or rejected');
    expect((await errorAs(ctx.db, as(ids.creator), `select api.review_deliverable($1, 'approved')`, [d(2)])).code).toBe('42501');
    expect((await errorAs(ctx.db, as(ids.otherBrand), `select api.review_deliverable($1, 'approved')`, [d(2)])).code).toBe('PT404');
    expect((await errorAs(ctx.db, as(ids.admin), `select api.review_deliverable($1, 'approved')`, [d(2)])).code).toBe('42501');
  });
});
