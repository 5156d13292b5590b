import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import {
  accept, acceptAndFund, all, become, decide, failsAs, fund, hireScenes, ISABELLA, one, openDispute, OUTSIDERS, resolveDispute, submit,
} from '../../testkit/db/hire-scene.ts';
import { errorAs, ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 18, in-app notifications: written by the database as things happen (each step of an application's
// history tells the other side; payouts; bursts of unread messages; the 24-hour warning before automatic
// approval), readable and markable by their user only.
// Scene: GlowLab (brand) hires Isabella (creator, application 6) for $500.00.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;

interface Note { kind: string; actor_id: string | null; application_id: string | null; deliverable_id: string | null; data: Record<string, unknown>; read_at: string | null }

/** The notifications `who` has received that are not in `before` (the scene's own), oldest first. */
async function inbox(q: Queryable, who: string, before: Set<string>): Promise<Note[]> {
  await become(q, who);
  const rows = await all<Note & { id: string }>(
    q, `select id, kind, actor_id, application_id, deliverable_id, data, read_at from api.my_notifications(page_size => 100)`,
  );
  return rows.filter((r) => !before.has(r.id)).map(({ id: _id, ...note }) => note).reverse();
}

/** Every notification there is now (as postgres): what a scene adds is what is not in it. */
async function existing(q: Queryable): Promise<Set<string>> {
  await become(q, 'postgres');
  return new Set((await all<{ id: string }>(q, `select id from app.notifications`)).map((r) => r.id));
}

const kinds = (notes: Note[]) => notes.map((n) => n.kind);

describe('what the database tells each side', () => {
  test('a hire from acceptance to release: each step tells the other side, never the one who took it', async () => {
    await scene(async (q) => {
      const since = await existing(q);
      const order = ['application_accepted', 'hire_funded', 'changes_requested', 'content_approved', 'money_released'];
      await accept(q, H);
      const escrow = (await one<{ escrow_id: string }>(q, `select escrow_id from api.hire_quote($1)`, [H.app])).escrow_id;
      await fund(q, escrow, H);
      const d = await submit(q, H);
      await decide(q, d, 'changes_requested', 'Show the label');
      await become(q, H.creator);
      await q.query(`select api.resubmit_deliverable($1, 'https://tiktok.com/@isabella/2', 'Label at 0:03')`, [d]);
      await decide(q, d, 'approved');
      // (One transaction: every row has the same time, so compare them sorted by kind.)
      const creatorNotes = (await inbox(q, H.creator, since)).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
      expect(kinds(creatorNotes)).toEqual(order);
      expect(kinds(await inbox(q, H.brand, since))).toEqual(['content_submitted', 'content_submitted']);
      expect(creatorNotes[0]).toMatchObject({ actor_id: H.brand, application_id: H.app, data: { campaign_title: 'Morning Glow Serum Launch' } });
      expect(creatorNotes[1]).toMatchObject({ data: { amount_cents: 50000 } });
      expect(creatorNotes[2]).toMatchObject({ deliverable_id: d, data: { round: 1 } });
      expect(creatorNotes[4]).toMatchObject({ actor_id: null, deliverable_id: d, data: { amount_cents: 42500 } });
      // Nobody else heard of it.
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator, ids.admin]) {
        expect(await inbox(q, who, since), who).toEqual([]);
      }
    });
  });

  test('a new application tells the brand; a rejection tells the creator', async () => {
    await scene(async (q) => {
      const since = await existing(q);
      await become(q, ids.creatorN(12));
      const app = (await one<{ id: string }>(q, `select api.apply_to_campaign($1, 'Me encanta el sérum') as id`, [ids.campaign(1)])).id;
      expect(await inbox(q, ids.brand, since)).toMatchObject([{ kind: 'application_received', actor_id: ids.creatorN(12), application_id: app }]);
      await become(q, ids.brand);
      await q.query(`select api.reject_application($1)`, [app]);
      expect(kinds(await inbox(q, ids.creatorN(12), since))).toEqual(['application_rejected']);
    });
  });

  test('a dispute tells the other party; its resolution tells both', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const since = await existing(q);
      const dispute = await openDispute(q, H.creator, H, 'not_as_agreed', 'The brief changed');
      expect(await inbox(q, H.brand, since)).toMatchObject([{ kind: 'dispute_opened', actor_id: H.creator, data: { reason: 'not_as_agreed' } }]);
      expect(await inbox(q, H.creator, since)).toEqual([]);
      const opened = await existing(q);
      await resolveDispute(q, dispute, 'split', H, 30000);
      for (const who of [H.brand, H.creator]) {
        expect((await inbox(q, who, opened)).find((n) => n.kind === 'dispute_resolved'), who).toMatchObject({
          actor_id: ids.admin, data: { outcome: 'split', creator_cents: 30000, brand_cents: 20000 },
        });
      }
    });
  });

  test('a payout paid or failed tells its creator', async () => {
    await scene(async (q) => {
      await become(q, 'postgres');
      const since = await existing(q);
      // Diego (c05) was paid out by the schedule in the seed: replay a failure and a payment.
      const payout = (await one<{ id: string }>(q, `select id from app.payouts where creator_id = $1`, [ids.creatorN(5)])).id;
      await q.query(`update app.payouts set status = 'processing' where id = $1`, [payout]);
      await q.query(`update app.payouts set status = 'failed', failure_code = 'account_closed' where id = $1`, [payout]);
      expect(await inbox(q, ids.creatorN(5), since)).toMatchObject([{ kind: 'payout_failed', data: { failure_code: 'account_closed' } }]);
    });
  });
});

describe('bursts of unread messages', () => {
  test('one notification per conversation burst, only once the messages stayed unread a few minutes', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      for (const text of ['Hola Isabella', '¿Tienes un minuto?', 'Te escribo por la campaña']) {
        await q.query(`select api.send_message($1, $2)`, [H.creator, text]);
      }
      const run = async (at: string) => {
        await become(q, 'service_role');
        await q.query(`select app.notify_unread_messages(${at})`);
        await become(q, 'postgres');
        return (await one<{ n: number }>(q, `select count(*)::int n from app.notifications where user_id = $1 and kind = 'new_message'`, [H.creator])).n;
      };
      expect(await run(`now() + interval '2 minutes'`)).toBe(0);
      expect(await run(`now() + interval '6 minutes'`)).toBe(1);
      expect(await run(`now() + interval '7 minutes'`)).toBe(1);
      await become(q, H.creator);
      expect(await one(q, `select kind, actor_id, actor_name, data from api.my_notifications() where kind = 'new_message'`))
        .toEqual({ kind: 'new_message', actor_id: ids.brand, actor_name: 'GlowLab Skincare', data: { count: 3 } });
    });
  });

  test('read in time: no notification', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      await q.query(`select api.send_message($1, 'Hola')`, [H.creator]);
      await become(q, 'postgres');
      await q.query(`update app.messages set read = true where receiver_id = $1`, [H.creator]);
      await become(q, 'service_role');
      await q.query(`select app.notify_unread_messages(now() + interval '10 minutes')`);
      await become(q, 'postgres');
      expect(await all(q, `select 1 from app.notifications where user_id = $1 and kind = 'new_message'`, [H.creator])).toEqual([]);
    });
  });
});

describe('the 24-hour warning before automatic approval', () => {
  test('the brand is warned once per submission, only within 24 hours of the deadline', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const d = await submit(q, H);
      await become(q, 'service_role');
      const run = async (hoursAhead: number) =>
        (await one<{ n: number }>(q, `select app.warn_auto_approval_soon(now() + make_interval(hours => $1)) as n`, [hoursAhead])).n;
      expect(await run(0)).toBe(0);
      expect(await run(49)).toBe(1);
      expect(await run(50)).toBe(0);
      await become(q, H.brand);
      expect(await one(q, `select kind, deliverable_id, actor_id from api.my_notifications() where kind = 'auto_approval_soon'`))
        .toEqual({ kind: 'auto_approval_soon', deliverable_id: d, actor_id: null });
    });
  });
});

describe('reading and marking', () => {
  test('each user reads and marks only their own; the unread count follows', async () => {
    await scene(async (q) => {
      await accept(q, H);
      await become(q, H.creator);
      const before = (await one<{ n: number }>(q, `select api.unread_notification_count() as n`)).n;
      expect(before).toBeGreaterThan(0);
      const mine = (await one<{ id: string }>(q, `select id from api.my_notifications(page_size => 1)`)).id;
      expect(await one(q, `select api.mark_notification_read($1) as ok`, [mine])).toEqual({ ok: true });
      expect((await one<{ n: number }>(q, `select api.unread_notification_count() as n`)).n).toBe(before - 1);
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator, ids.admin, H.brand]) {
        await become(q, who);
        expect(await all(q, `select id from app.notifications where id = $1`, [mine]), who).toEqual([]);
        expect(await all(q, `update app.notifications set read_at = null where id = $1 returning id`, [mine]), who).toEqual([]);
        expect(await failsAs(q, who, `select api.mark_notification_read($1)`, [mine]), who).toMatchObject({ code: 'PT404', detail: 'notification_not_found' });
      }
      // Users write only read_at, and never create one.
      expect(await failsAs(q, H.creator, `update app.notifications set kind = 'new_message' where id = $1`, [mine])).toMatchObject({ code: '42501' });
      expect(await failsAs(q, H.creator, `insert into app.notifications (user_id, kind) values ($1, 'new_message')`, [H.creator])).toMatchObject({ code: '42501' });
      await become(q, H.creator);
      expect((await one<{ n: number }>(q, `select api.mark_all_notifications_read() as n`)).n).toBe(before - 1);
      expect((await one<{ n: number }>(q, `select api.unread_notification_count() as n`)).n).toBe(0);
    });
  });

  test('anon has no notifications to read', async () => {
    expect((await errorAs(ctx.db, 'anon', `select api.unread_notification_count()`)).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', `select * from api.my_notifications()`)).code).toBe('42501');
  });

  test('keyset pages cover every notification once, newest first', async () => {
    await scene(async (q) => {
      await become(q, ids.brand);
      const every = await all<{ id: string; created_at: string }>(q, `select id, created_at::text from api.my_notifications(page_size => 100)`);
      expect(every.length).toBeGreaterThan(2);
      const seen: string[] = [];
      let cursor: { created_at: string; id: string } | null = null;
      for (;;) {
        const page: Array<{ id: string; created_at: string }> = await all(q,
          `select id, created_at::text from api.my_notifications(before_at => $1, before_id => $2, page_size => 2)`,
          [cursor?.created_at ?? null, cursor?.id ?? null]);
        if (page.length === 0) break;
        seen.push(...page.map((r) => r.id));
        cursor = page[page.length - 1]!;
      }
      expect(seen).toEqual(every.map((r) => r.id));
    });
  });
});
