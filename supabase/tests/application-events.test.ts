import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import {
  accept, acceptAndFund, become, completeHire, decide, failsAs, hireScenes, ISABELLA, one, openDispute, OUTSIDERS,
  recordRefund, resolveDispute, resubmit, submit,
} from '../../testkit/db/hire-scene.ts';
import { as, errorAs, ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 17, activity history: what happened to an application, oldest first, with who did it (null: the
// platform), written by the database as things happen and readable by the two parties and admins only.
// Scene: GlowLab (brand) hires Isabella (creator, application 6, applied in the seed) for $500.00.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;
const GLOWLAB = { actor_id: ids.brand, actor_name: 'GlowLab Skincare', actor_role: 'brand' };
const ISABELLA_ACTOR = { actor_id: H.creator, actor_name: 'Isabella Torres', actor_role: 'creator' };
const ADMIN = { actor_id: ids.admin, actor_name: 'Alex Morgan', actor_role: 'admin' };
const PLATFORM = { actor_id: null, actor_name: null, actor_role: null };

interface Event { kind: string; actor_id: string | null; actor_name: string | null; actor_role: string | null; detail: Record<string, unknown> }

async function history(q: Queryable, who: string, app = H.app): Promise<Event[]> {
  await become(q, who);
  return (await q.query<Event>(`select kind, actor_id, actor_name, actor_role, detail from api.application_events($1)`, [app])).rows;
}

const kinds = (events: Event[]) => events.map((e) => e.kind);
const actors = (events: Event[]) => events.map(({ kind, actor_id, actor_name, actor_role }) => ({ kind, actor_id, actor_name, actor_role }));

describe('the history of a hire', () => {
  test('applied, accepted, funded, rounds of content, a withdrawn dispute, approval, release and reviews, in order, with their actors', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const d = await submit(q, H, 'https://tiktok.com/@isabella/1');
      await decide(q, d, 'changes_requested', 'Show the label');
      await resubmit(q, d, 'https://tiktok.com/@isabella/1', 'Label at 0:12');
      const dispute = await openDispute(q, H.brand, H, 'quality', 'Blurry video');
      await become(q, H.brand);
      await q.query(`select api.withdraw_dispute($1)`, [dispute]);
      await decide(q, d, 'approved');
      for (const who of [H.brand, H.creator]) {
        await become(q, who);
        await q.query(`select api.submit_review($1, 5, 'Secret words of praise')`, [H.app]);
      }
      const expected = [
        { kind: 'applied', ...ISABELLA_ACTOR },
        { kind: 'accepted', ...GLOWLAB },
        { kind: 'funded', ...GLOWLAB },
        { kind: 'submitted', ...ISABELLA_ACTOR },
        { kind: 'changes_requested', ...GLOWLAB },
        { kind: 'resubmitted', ...ISABELLA_ACTOR },
        { kind: 'disputed', ...GLOWLAB },
        { kind: 'dispute_withdrawn', ...GLOWLAB },
        { kind: 'approved', ...GLOWLAB },
        { kind: 'released' },
        { kind: 'reviewed', ...GLOWLAB },
        { kind: 'reviewed', ...ISABELLA_ACTOR },
      ];
      for (const who of [H.brand, H.creator, ids.admin]) {
        // (Who released the money is checked on its own below.)
        const seen = actors(await history(q, who)).map((e) => (e.kind === 'released' ? { kind: e.kind } : e));
        expect(seen, who).toEqual(expected);
      }
      const byKind = Object.fromEntries((await history(q, H.creator)).map((e) => [e.kind, e.detail]));
      expect(byKind.funded).toMatchObject({ amount_cents: 50000 });
      expect(byKind.submitted).toMatchObject({ round: 1, content_url: 'https://tiktok.com/@isabella/1' });
      expect(byKind.changes_requested).toMatchObject({ round: 1, feedback: 'Show the label' });
      expect(byKind.resubmitted).toMatchObject({ round: 2, content_url: 'https://tiktok.com/@isabella/1', note: 'Label at 0:12' });
      expect(byKind.disputed).toMatchObject({ reason: 'quality' });
      expect(byKind.approved).toMatchObject({ round: 2 });
      expect(byKind.released).toMatchObject({ reason: 'approved' });
      // A review's event never carries its text.
      expect(JSON.stringify(byKind.reviewed)).not.toContain('Secret words');
    });
  });

  test('the scheduler\'s approval and the release that follows are the platform\'s', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await submit(q);
      await become(q, 'service_role');
      await q.query(`select app.auto_approve_due(now() + interval '4 days')`);
      const events = await history(q, H.brand);
      expect(actors(events).slice(-2)).toEqual([{ kind: 'auto_approved', ...PLATFORM }, { kind: 'released', ...PLATFORM }]);
      expect(events.at(-1)!.detail).toMatchObject({ reason: 'auto_approved' });
    });
  });

  // BUG: app.log_escrow_event passes actor null for 'released' (the platform moves the money), but
  // app.log_event turns a null actor into the signed-in user: a release caused by the brand's approval is
  // recorded as the brand's act, while the same release by the scheduler is the platform's.
  test('the release that follows a brand\'s approval is the platform\'s act (actor null)', async () => {
    await scene(async (q) => {
      await completeHire(q);
      expect((await history(q, H.creator)).find((e) => e.kind === 'released')).toMatchObject(PLATFORM);
    });
  });

  // BUG: app.log_escrow_event computes the released event's amount_cents/fee_cents from ledger entries
  // filtered on ledger_entries.escrow_id, which only the 'escrow' line carries (app.ledger_post sets it per
  // entry): the creator_available and platform_fees lines never match, so both are always null. It should
  // filter on ledger_transactions.escrow_id.
  test('the released event carries the creator\'s net amount and the fee', async () => {
    await scene(async (q) => {
      await completeHire(q);
      expect((await history(q, H.creator)).find((e) => e.kind === 'released')!.detail)
        .toMatchObject({ amount_cents: 42500, fee_cents: 7500, reason: 'approved' });
    });
  });

  test('rejected content is recorded with the brand\'s reason', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const d = await submit(q);
      await decide(q, d, 'rejected', 'The serum never appears');
      const last = (await history(q, H.creator)).at(-1)!;
      expect(last).toMatchObject({ kind: 'content_rejected', ...GLOWLAB, detail: { round: 1, feedback: 'The serum never appears' } });
    });
  });

  test('an application rejected by the brand', async () => {
    await scene(async (q) => {
      await become(q, H.brand);
      await q.query(`select api.reject_application($1)`, [H.app]);
      expect(actors(await history(q, H.creator))).toEqual([{ kind: 'applied', ...ISABELLA_ACTOR }, { kind: 'rejected', ...GLOWLAB }]);
    });
  });

  test('a funded hire canceled before any content: canceled with the brand\'s reason, refunded by the platform', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, 'service_role');
      await q.query(`select * from api.cancel_hire_begin($1, 'The launch moved')`, [escrow]);
      await recordRefund(q, H, 50000);
      const events = await history(q, H.creator);
      expect(kinds(events)).toEqual(['applied', 'accepted', 'funded', 'refunded', 'canceled']);
      expect(events.find((e) => e.kind === 'refunded')).toMatchObject({ ...PLATFORM, detail: { amount_cents: 50000 } });
      expect(events.find((e) => e.kind === 'canceled')!.detail).toMatchObject({ reason: 'The launch moved' });
    });
  });

  // BUG: api.cancel_hire_begin runs as the service role (the payments function) and takes no brand id, so
  // app.log_application_event records the brand's cancellation with actor null: the history shows the
  // brand's decision as the platform's. The canceled event should name the brand (actor_role 'brand').
  test('a hire canceled by the brand names the brand as the actor', async () => {
    await scene(async (q) => {
      const escrow = await accept(q);
      await become(q, 'service_role');
      await q.query(`select * from api.cancel_hire_begin($1, 'Budget cut')`, [escrow]);
      expect((await history(q, H.creator)).at(-1)).toMatchObject({ kind: 'canceled', ...GLOWLAB });
    });
  });
});

describe('disputes in the history', () => {
  test('a split by an admin: disputed by the creator, resolved by the admin with the shares and the note, released', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await submit(q);
      const id = await openDispute(q, H.creator, H, 'unresponsive', 'No answer for a week');
      await resolveDispute(q, id, 'split', H, 30000, 'Half the work was done');
      const events = await history(q, H.brand);
      expect(kinds(events).slice(4).sort()).toEqual(['disputed', 'released', 'resolved']);
      expect(events.find((e) => e.kind === 'disputed')).toMatchObject({ ...ISABELLA_ACTOR, detail: { reason: 'unresponsive', dispute_id: id } });
      expect(events.find((e) => e.kind === 'resolved')).toMatchObject({ ...ADMIN,
        detail: { dispute_id: id, outcome: 'split', creator_cents: 30000, brand_cents: 20000, note: 'Half the work was done' } });
      expect(events.find((e) => e.kind === 'released')).toMatchObject({ ...PLATFORM, detail: { reason: 'dispute' } });
    });
  });

  test('a refund by an admin: resolved, and refunded by the platform', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await submit(q);
      const id = await openDispute(q, H.brand);
      await resolveDispute(q, id, 'refund');
      const events = await history(q, H.creator);
      expect(kinds(events).slice(4).sort()).toEqual(['disputed', 'refunded', 'resolved']);
      expect(events.find((e) => e.kind === 'resolved')).toMatchObject({ ...ADMIN, detail: { outcome: 'refund', creator_cents: 0, brand_cents: 50000 } });
      expect(events.find((e) => e.kind === 'refunded')).toMatchObject({ ...PLATFORM, detail: { amount_cents: 50000 } });
    });
  });

  // BUG: app.resolve_dispute_finish moves the escrow (whose trigger logs 'released' or 'refunded') before it
  // marks the dispute resolved (whose trigger logs 'resolved'); both share the transaction's timestamp, so the
  // history reads "money released/refunded" before "the admin resolved the dispute". The decision should
  // come first (mark the dispute resolved before closing the escrow, or log 'resolved' first).
  test('the admin\'s decision comes before the money movement it causes', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await submit(q);
      const split = await openDispute(q, H.creator);
      await resolveDispute(q, split, 'split', H, 30000);
      expect(kinds(await history(q, H.brand)).slice(4)).toEqual(['disputed', 'resolved', 'released']);
    });
    await scene(async (q) => {
      await acceptAndFund(q);
      const refund = await openDispute(q, H.brand);
      await resolveDispute(q, refund, 'refund');
      expect(kinds(await history(q, H.brand)).slice(3)).toEqual(['disputed', 'resolved', 'refunded']);
    });
  });
});

describe('who reads and writes the history', () => {
  test('the two parties and admins read it; anyone else gets PT404 and reads nothing from the table', async () => {
    await scene(async (q) => {
      await completeHire(q);
      for (const who of [H.brand, H.creator, ids.admin]) {
        expect((await history(q, who)).length, who).toBeGreaterThan(3);
      }
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator, ids.thirdBrand]) {
        expect(await failsAs(q, who, `select * from api.application_events($1)`, [H.app]), who)
          .toMatchObject({ code: 'PT404', detail: 'application_not_found' });
        expect(await one(q, `select count(*)::int n from app.application_events where application_id = $1`, [H.app]), who).toEqual({ n: 0 });
      }
    });
    expect((await errorAs(ctx.db, 'anon', `select * from api.application_events($1)`, [H.app])).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', `select * from app.application_events`)).code).toBe('42501');
  });

  test('users cannot write the history (permission denied): it is written by the database only', async () => {
    for (const who of [ids.brand, H.creator, ids.admin]) {
      for (const sql of [
        `insert into app.application_events (application_id, kind) values ('${H.app}', 'approved')`,
        `update app.application_events set kind = 'approved'`,
        `delete from app.application_events`,
        `select app.log_event('${H.app}', 'released')`,
      ]) {
        const e = await errorAs(ctx.db, as(who), sql);
        expect([e.code, e.message.startsWith('permission denied')], `${who}: ${sql}`).toEqual(['42501', true]);
      }
    }
  });

  test('an unknown application is PT404 for everyone', async () => {
    await scene(async (q) => {
      expect(await failsAs(q, ids.admin, `select * from api.application_events('00000000-0000-0000-0000-00000000beef')`))
        .toMatchObject({ code: 'PT404' });
    });
  });
});
