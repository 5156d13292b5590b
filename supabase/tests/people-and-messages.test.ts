import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { acceptAndFund, all, become, completeHire, hireScenes, ISABELLA, one, openDispute, OUTSIDERS, submit } from '../../testkit/db/hire-scene.ts';
import { as, errorAs, ids, rowsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 32, item 7 (migration 20250126000000_people_and_messages.sql): the brand's applicant cards carry the
// creator's followers, niche and rating and the hire's job state; a brand is named by its company in the
// message screens; a message in a dispute's thread tells every other party (bell and email), never its author.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);

interface Applicant {
  id: string;
  status: string;
  job_state: string;
  creator: { id: string; full_name: string; followers: number; niche: string | null; rating: number | null; review_count: number };
}

describe('api.campaign_applications: the applicant cards', () => {
  test("the owner reads each applicant's followers, niche and rating as their profile and reviews have them", async () => {
    // Every campaign of the seed, read by its owner: applicants someone reviewed (Diego) and applicants nobody reviewed yet.
    const rows: Applicant[] = [];
    for (let n = 1; n <= 15; n++) {
      const owner = n <= 5 ? ids.brand : n <= 10 ? ids.otherBrand : ids.thirdBrand;
      rows.push(...(await rowsAs<Applicant>(ctx.db, as(owner), `select * from api.campaign_applications($1)`, [ids.campaign(n)])));
    }
    const truth = await rowsAs<{ id: string; followers: number; niche: string | null; rating: string | null; review_count: number }>(ctx.db, 'postgres',
      `select cp.user_id as id, cp.followers, cp.niche, case when ur.review_count > 0 then round(ur.rating, 1)::text end as rating,
         coalesce(ur.review_count, 0) as review_count
       from app.creator_profiles cp left join app.user_ratings ur on ur.user_id = cp.user_id`);
    for (const row of rows) {
      const t = truth.find((x) => x.id === row.creator.id);
      expect(t, row.creator.full_name).toBeDefined();
      const rating = (v: unknown) => (v === null ? null : Number(v).toFixed(1));
      expect({ followers: row.creator.followers, niche: row.creator.niche, rating: rating(row.creator.rating), review_count: row.creator.review_count }, row.creator.full_name)
        .toEqual({ followers: t!.followers, niche: t!.niche, rating: rating(t!.rating), review_count: t!.review_count });
    }
    // Both kinds are there, and an unreviewed creator has a null rating, never a number.
    expect(rows.some((r) => r.creator.review_count > 0 && r.creator.rating !== null)).toBe(true);
    expect(rows.filter((r) => r.creator.review_count === 0).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.creator.review_count === 0).every((r) => r.creator.rating === null)).toBe(true);
  });

  test('an admin reads them too; another brand and the applicants themselves are refused', async () => {
    expect((await rowsAs(ctx.db, as(ids.admin), `select id from api.campaign_applications($1)`, [ids.campaign(1)])).length).toBeGreaterThan(0);
    for (const who of [ids.otherBrand, ISABELLA.creator, ids.creator]) {
      expect((await errorAs(ctx.db, as(who), `select * from api.campaign_applications($1)`, [ids.campaign(1)])).code, who).toBe('42501');
    }
    expect((await errorAs(ctx.db, 'anon', `select * from api.campaign_applications($1)`, [ids.campaign(1)])).code).toBe('42501');
  });

  test('job_state follows app.job_state: applied while pending, completed once the hire was released', async () => {
    await scene(async (q) => {
      const stateOf = async () => {
        await become(q, ISABELLA.brand);
        return (await one<{ job_state: string }>(q, `select job_state from api.campaign_applications($1) where id = $2`, [ISABELLA.campaign, ISABELLA.app])).job_state;
      };
      expect(await stateOf()).toBe('applied');
      await completeHire(q, ISABELLA);
      expect(await stateOf()).toBe('completed');
      // Every row agrees with the one rule (the brand reads what app.job_state reads for it).
      const rows = await all<{ id: string; job_state: string; rule: string | null }>(q,
        `select a.id, a.job_state, app.job_state(a.id) as rule from api.campaign_applications($1) a`, [ISABELLA.campaign]);
      for (const r of rows) expect(r.job_state, r.id).toBe(r.rule);
    });
  });
});

describe('a brand is named by its company', () => {
  test('contacts and user_summary return display_name: the company for a brand, the name for a creator', async () => {
    const contacts = await rowsAs<{ contact_id: string; full_name: string; display_name: string }>(ctx.db, as(ids.creator),
      `select contact_id, full_name, display_name from api.contacts()`);
    const glowlab = contacts.find((c) => c.contact_id === ids.brand);
    expect(glowlab).toMatchObject({ display_name: 'GlowLab Skincare' });
    expect(glowlab!.full_name).not.toBe('GlowLab Skincare');
    const brandSide = await rowsAs<{ contact_id: string; full_name: string; display_name: string }>(ctx.db, as(ids.brand),
      `select contact_id, full_name, display_name from api.contacts() where contact_id = $1`, [ids.creator]);
    expect(brandSide[0]!.display_name).toBe(brandSide[0]!.full_name);
    expect(await rowsAs(ctx.db, as(ids.creator), `select display_name from api.user_summary($1)`, [ids.otherBrand]))
      .toEqual([{ display_name: 'TrailPeak Outdoor' }]);
    // Anonymous callers get neither.
    expect((await errorAs(ctx.db, 'anon', `select * from api.user_summary($1)`, [ids.brand])).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', `select * from api.contacts()`)).code).toBe('42501');
  });

  test("a brand without a brand profile is named by the person; the bell and the email use the same name as the screens", async () => {
    await scene(async (q) => {
      const person = (await one<{ full_name: string }>(q, `select full_name from app.profiles where id = $1`, [ids.thirdBrand])).full_name;
      await become(q, 'postgres');
      await q.query(`delete from app.brand_profiles where user_id = $1`, [ids.thirdBrand]);
      await become(q, ids.creator);
      expect((await one<{ display_name: string }>(q, `select display_name from api.user_summary($1)`, [ids.thirdBrand])).display_name).toBe(person);
      await become(q, 'postgres');
      // GlowLab writes to Isabella; five minutes later the unread burst becomes her notification and email.
      await become(q, ids.brand);
      await q.query(`select api.send_message($1, 'Hola Isabella, ¿hablamos?')`, [ISABELLA.creator]);
      await become(q, 'postgres');
      await q.query(`update app.messages set created_at = now() - interval '10 minutes' where sender_id = $1 and receiver_id = $2`, [ids.brand, ISABELLA.creator]);
      await q.query(`select app.notify_unread_messages(now())`);
      await become(q, ISABELLA.creator);
      expect(await all(q, `select actor_name from api.my_notifications() where kind = 'new_message' and actor_id = $1`, [ids.brand]))
        .toEqual([{ actor_name: 'GlowLab Skincare' }]);
      await become(q, 'postgres');
      expect(await all(q, `select data ->> 'actor_name' as actor_name from app.email_outbox where user_id = $1 and template = 'new_message'`, [ISABELLA.creator]))
        .toEqual([{ actor_name: 'GlowLab Skincare' }]);
    });
  });
});

interface Note { user_id: string; kind: string; actor_id: string | null; application_id: string | null; data: Record<string, unknown> }

/** Every dispute_message notification there is (as postgres). */
async function disputeNotes(q: Queryable): Promise<Note[]> {
  await become(q, 'postgres');
  return all<Note>(q, `select user_id, kind, actor_id, application_id, data from app.notifications
    where kind = 'dispute_message' order by user_id`);
}

/** Forgets the dispute_message notifications so far (the seed's thread, earlier posts of the scene). */
async function clearDisputeNotes(q: Queryable): Promise<void> {
  await become(q, 'postgres');
  await q.query(`delete from app.notifications where kind = 'dispute_message'`);
}

/** A second admin, who has not touched any dispute. */
async function addAdmin(q: Queryable): Promise<string> {
  await become(q, 'postgres');
  const id = '00000000-0000-0000-0000-0000000000a2';
  await q.query(`insert into auth.users (id, email, raw_app_meta_data, raw_user_meta_data)
    values ($1, 'second-admin@demo.test', '{"role":"admin"}', '{"full_name":"Rosa Admin","username":"rosa_admin"}')`, [id]);
  await q.query(`update app.profiles set role = 'admin' where id = $1`, [id]);
  return id;
}

async function post(q: Queryable, who: string, dispute: string, body: string): Promise<void> {
  await become(q, who);
  await q.query(`select api.post_dispute_message($1, $2)`, [dispute, body]);
}

describe("a message in a dispute's thread", () => {
  test('tells the other party and every admin while none handles it; never its author or an outsider', async () => {
    await scene(async (q) => {
      const second = await addAdmin(q);
      const { deliverable } = await submitAndDispute(q);
      await clearDisputeNotes(q);
      await post(q, ISABELLA.creator, deliverable.dispute, 'El video muestra el sérum en el segundo 3.');
      const notes = await disputeNotes(q);
      expect(notes.map((n) => n.user_id).sort()).toEqual([ids.admin, second, ISABELLA.brand].sort());
      const brand = notes.find((n) => n.user_id === ISABELLA.brand)!;
      expect(brand).toMatchObject({ actor_id: ISABELLA.creator, application_id: ISABELLA.app,
        data: { dispute_id: deliverable.dispute, excerpt: 'El video muestra el sérum en el segundo 3.', campaign_title: 'Morning Glow Serum Launch' } });
      expect(brand.data.admin).toBeUndefined();
      for (const n of notes.filter((x) => x.user_id !== ISABELLA.brand)) expect(n.data, n.user_id).toMatchObject({ admin: true, dispute_id: deliverable.dispute });
      // Nobody else: not the author, not the other brand or creator.
      for (const who of [ISABELLA.creator, OUTSIDERS.brand, OUTSIDERS.creator]) expect(notes.some((n) => n.user_id === who), who).toBe(false);
      // Each reads only their own through the api.
      await become(q, OUTSIDERS.brand);
      expect(await all(q, `select id from api.my_notifications() where kind = 'dispute_message'`)).toEqual([]);
      await become(q, ISABELLA.creator);
      expect(await all(q, `select id from api.my_notifications() where kind = 'dispute_message'`)).toEqual([]);
      await become(q, ISABELLA.brand);
      expect(await all(q, `select actor_name from api.my_notifications() where kind = 'dispute_message'`)).toEqual([{ actor_name: 'Isabella Torres' }]);
    });
  });

  test('once an admin wrote in it, only the admins handling it hear of it; the admin is not told of their own message', async () => {
    await scene(async (q) => {
      const second = await addAdmin(q);
      const { deliverable } = await submitAndDispute(q);
      await clearDisputeNotes(q);
      await post(q, ids.admin, deliverable.dispute, 'Please both send the brief you agreed on.');
      let notes = await disputeNotes(q);
      expect(notes.map((n) => n.user_id).sort()).toEqual([ISABELLA.brand, ISABELLA.creator].sort());
      expect(notes.every((n) => n.actor_id === ids.admin && n.data.admin === undefined)).toBe(true);
      await clearDisputeNotes(q);
      await post(q, ISABELLA.brand, deliverable.dispute, 'Attached: the brief we agreed on.');
      notes = await disputeNotes(q);
      expect(notes.map((n) => n.user_id).sort()).toEqual([ids.admin, ISABELLA.creator].sort());
      expect(notes.some((n) => n.user_id === second)).toBe(false);
    });
  });

  test("emails go through the outbox in each recipient's language, by their disputes preference", async () => {
    await scene(async (q) => {
      const { deliverable } = await submitAndDispute(q);
      await become(q, 'postgres');
      await q.query(`delete from app.email_outbox where template = 'dispute_message'`);
      await clearDisputeNotes(q);
      // The brand turned disputes and reviews email off: its bell still rings, no email is queued.
      await become(q, ISABELLA.brand);
      await q.query(`insert into app.email_preferences (user_id, disputes_reviews) values ($1, false)`, [ISABELLA.brand]);
      await post(q, ISABELLA.brand, deliverable.dispute, 'We will wait for the admin.');
      await post(q, ISABELLA.creator, deliverable.dispute, 'Gracias.');
      await become(q, 'postgres');
      const mails = await all<{ user_id: string; template: string; category: string; locale: string; actor_name: string; excerpt: string }>(q,
        `select o.user_id, o.template, o.category, o.locale, o.data ->> 'actor_name' as actor_name, o.data ->> 'excerpt' as excerpt
         from app.email_outbox o where o.template = 'dispute_message' order by o.user_id, o.created_at`);
      expect(mails).toEqual(expect.arrayContaining([
        { user_id: ISABELLA.creator, template: 'dispute_message', category: 'disputes_reviews', locale: 'es', actor_name: 'GlowLab Skincare', excerpt: 'We will wait for the admin.' },
        { user_id: ids.admin, template: 'dispute_message', category: 'disputes_reviews', locale: 'en', actor_name: 'GlowLab Skincare', excerpt: 'We will wait for the admin.' },
        { user_id: ids.admin, template: 'dispute_message', category: 'disputes_reviews', locale: 'en', actor_name: 'Isabella Torres', excerpt: 'Gracias.' },
      ]));
      expect(mails.some((m) => m.user_id === ISABELLA.brand)).toBe(false);
      expect(mails).toHaveLength(3);
      expect(await all(q, `select 1 from app.notifications where user_id = $1 and kind = 'dispute_message'`, [ISABELLA.brand])).toHaveLength(1);
    });
  });

  test('an outsider cannot write in the thread (so tells nobody anything)', async () => {
    await scene(async (q) => {
      const { deliverable } = await submitAndDispute(q);
      await clearDisputeNotes(q);
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator]) {
        await become(q, who);
        await q.exec('savepoint outsider');
        await expect(q.query(`select api.post_dispute_message($1, 'hello')`, [deliverable.dispute])).rejects.toBeTruthy();
        await q.exec('rollback to savepoint outsider');
      }
      expect(await disputeNotes(q)).toEqual([]);
    });
  });
});

/** Isabella's hire funded, content submitted, and a dispute she opens. */
async function submitAndDispute(q: Queryable): Promise<{ deliverable: { id: string; dispute: string } }> {
  await acceptAndFund(q, ISABELLA);
  const id = await submit(q, ISABELLA);
  const dispute = await openDispute(q, ISABELLA.creator, ISABELLA, 'not_as_agreed', 'The brief changed after I filmed');
  return { deliverable: { id, dispute } };
}
