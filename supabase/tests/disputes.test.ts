import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import {
  accept, acceptAndFund, all, availableOf, become, completeHire, decide, fails, failsAs, hireScenes, ISABELLA, ledgerOf,
  NICOLAS, one, openDispute, OUTSIDERS, recordRefund, resolveDispute, SOFIA_PRODUCT, submit,
} from '../../testkit/db/hire-scene.ts';
import { as, errorAs, ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 17, disputes: while a hire's money is held either side may open a dispute; it freezes release and
// auto-approval until its opener withdraws it or an admin resolves it (release, refund or split) through
// the payments function, which moves the money once.
// Scene: GlowLab (brand) hires Isabella (creator, application 6) for $500.00; Alex Morgan is the admin;
// TrailPeak and Mateo are strangers to the hire.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;
const open = `select api.open_dispute($1, $2, $3, $4) as id`;
// Money as int: node-postgres reads bigint as a string, PGlite as a number.
const hireDispute = `select can_open, id, status, reason, details, evidence_urls, opened_by, opened_by_role, opened_by_name,
  amount_cents::int, held_cents::int, outcome, resolved_at, withdrawn_at, messages from api.hire_dispute($1)`;

async function escrowStatus(q: Queryable) {
  await become(q, 'postgres');
  return (await one<{ status: string }>(q, `select status from app.escrows where application_id = $1`, [H.app])).status;
}

async function disputeRow(q: Queryable, id: string) {
  await become(q, 'postgres');
  return one(q, `select status, outcome, creator_cents::int, brand_cents::int, resolution_note, resolved_by,
    resolved_at is not null as resolved, withdrawn_at is not null as withdrawn from app.disputes where id = $1`, [id]);
}

describe('opening a dispute', () => {
  test('the creator of a funded hire opens one: the hire is frozen and both parties see it', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, H.creator);
      expect(await one(q, `select can_open, id from api.hire_dispute($1)`, [H.app])).toEqual({ can_open: true, id: null });
      const id = (await one<{ id: string }>(q, open, [H.app, 'not_as_agreed', '  The brief changed after I was hired  ',
        ['https://tiktok.com/@isabella/brief', ' https://drive.test/chat.png ']])).id;
      expect(await escrowStatus(q)).toBe('disputed');
      for (const who of [H.creator, H.brand, ids.admin]) {
        await become(q, who);
        expect(await one(q, hireDispute, [H.app]), who).toMatchObject({
          can_open: false, id, status: 'open', reason: 'not_as_agreed', details: 'The brief changed after I was hired',
          evidence_urls: ['https://tiktok.com/@isabella/brief', 'https://drive.test/chat.png'], opened_by: H.creator,
          opened_by_role: 'creator', opened_by_name: 'Isabella Torres', amount_cents: 50000, held_cents: 50000,
          outcome: null, resolved_at: null, withdrawn_at: null, messages: [],
        });
      }
      expect((await ledgerOf(q, escrow)).length).toBe(2);
    });
  });

  test('the brand of a funded hire opens one', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.brand, H, 'not_delivered', 'Nothing was delivered after two weeks');
      await become(q, H.creator);
      expect(await one(q, `select id, opened_by_role, opened_by_name, reason from api.hire_dispute($1)`, [H.app]))
        .toEqual({ id, opened_by_role: 'brand', opened_by_name: 'GlowLab Skincare', reason: 'not_delivered' });
    });
  });

  test('an admin is not a party (not_party); strangers do not even see the hire (PT404)', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const args = [H.app, 'quality', 'Looks bad', []];
      expect(await failsAs(q, ids.admin, open, args)).toMatchObject({ code: '42501', detail: 'not_party',
        message: 'Only the brand and the creator of this hire can open a dispute' });
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator]) {
        expect(await failsAs(q, who, open, args), who).toMatchObject({ code: 'PT404', detail: 'application_not_found' });
        // Nor by writing the table as themselves.
        expect((await fails(q, `insert into app.disputes (escrow_id, opened_by, opened_by_role, reason, details)
          values ($1, $2, 'brand', 'quality', 'x')`, [escrow, who])).code, who).toBe('42501');
      }
      expect(await escrowStatus(q)).toBe('funded');
    });
  });

  test('only while money is held: an unfunded hire, a hire without escrow, a released and a refunded hire are refused (not_held)', async () => {
    const notHeld = { code: 'PT409', detail: 'not_held', message: 'A dispute can be opened only while the payment is held in escrow' };
    await scene(async (q) => {
      await accept(q);
      expect(await failsAs(q, H.creator, open, [H.app, 'unresponsive', 'The brand never funded', []])).toMatchObject(notHeld);
      await become(q, H.creator);
      expect(await one(q, `select can_open from api.hire_dispute($1)`, [H.app])).toEqual({ can_open: false });
    });
    await scene(async (q) => {
      await become(q, SOFIA_PRODUCT.brand);
      await q.query(`select api.accept_application($1)`, [SOFIA_PRODUCT.app]);
      expect(await failsAs(q, SOFIA_PRODUCT.creator, open, [SOFIA_PRODUCT.app, 'unresponsive', 'No product shipped', []])).toMatchObject(notHeld);
    });
    await scene(async (q) => {
      await completeHire(q);
      expect(await failsAs(q, H.brand, open, [H.app, 'quality', 'Changed my mind', []])).toMatchObject(notHeld);
    });
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, 'service_role');
      await q.query(`select * from api.cancel_hire_begin($1, 'Launch moved')`, [escrow]);
      await recordRefund(q, H, 50000);
      expect(await escrowStatus(q)).toBe('refunded');
      expect(await failsAs(q, H.creator, open, [H.app, 'other', 'I had already started', []])).toMatchObject(notHeld);
    });
  });

  test('a second dispute while one is open is refused, whichever side opens it (dispute_open)', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await openDispute(q, H.creator);
      for (const who of [H.creator, H.brand]) {
        expect(await failsAs(q, who, open, [H.app, 'quality', 'Another one', []]), who)
          .toMatchObject({ code: 'PT409', detail: 'dispute_open', message: 'A dispute is already open on this hire' });
      }
      await become(q, 'postgres');
      expect(await one(q, `select count(*)::int n from app.disputes where application_id = $1`, [H.app])).toEqual({ n: 1 });
    });
  });

  test('bad input: each refused with its code', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const ok = 'The video does not show the product';
      const cases: Array<[string | null, string | null, string[] | null, string]> = [
        [null, ok, [], 'reason_invalid'],
        ['angry', ok, [], 'reason_invalid'],
        ['quality', null, [], 'details_required'],
        ['quality', '', [], 'details_required'],
        ['quality', '   \n ', [], 'details_required'],
        ['quality', 'x'.repeat(5001), [], 'details_too_long'],
        ['quality', ok, ['ftp://files.test/a.png'], 'evidence_invalid'],
        ['quality', ok, ['https://ok.test/a', 'javascript:alert(1)'], 'evidence_invalid'],
        ['quality', ok, ['see my drive'], 'evidence_invalid'],
        ['quality', ok, Array.from({ length: 11 }, (_, i) => `https://ok.test/${i}`), 'evidence_too_many'],
      ];
      for (const [reason, details, evidence, code] of cases) {
        expect(await failsAs(q, H.creator, open, [H.app, reason, details, evidence]), `${reason} ${details?.slice(0, 10)} ${evidence}`)
          .toMatchObject({ code: '22023', detail: code });
      }
      expect(await escrowStatus(q)).toBe('funded');
      // The limits themselves are fine.
      await become(q, H.creator);
      await q.query(open, [H.app, 'other', 'x'.repeat(5000), Array.from({ length: 10 }, (_, i) => `https://ok.test/${i}`)]);
    });
  });

  test('a dispute written to the table starts open whatever the user wrote, and users cannot move it themselves', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, H.creator);
      // A status written by the user is ignored: a dispute always starts open.
      const { rows } = await q.query<{ id: string; status: string }>(`insert into app.disputes (escrow_id, opened_by, opened_by_role, reason, details, status)
        values ($1, $2, 'creator', 'quality', 'x', 'resolved') returning id, status`, [escrow, H.creator]);
      expect(rows[0]!.status).toBe('open');
      const id = rows[0]!.id;
      for (const status of ['resolved', 'resolving']) {
        expect(await failsAs(q, H.creator, `update app.disputes set status = $2 where id = $1`, [id, status]), status)
          .toMatchObject({ code: 'PT409', detail: 'dispute_closed' });
      }
      expect((await failsAs(q, H.creator, `update app.disputes set outcome = 'release', creator_cents = 50000 where id = $1`, [id])).code).toBe('42501');
      expect((await failsAs(q, H.creator, `delete from app.disputes where id = $1`, [id])).code).toBe('42501');
    });
  });
});

describe('the tables\' own rules (defence in depth: only the api schema is exposed)', () => {
  // BUG: app.guard_dispute (INSERT) copies the parties from the escrow and checks the status, but keeps
  // whatever else the client wrote: a party inserting into app.disputes (insert is granted to authenticated)
  // can claim the other side's role and pre-fill a decision (outcome, shares, resolution_note, resolved_by =
  // an admin), which api.hire_dispute then shows to the other party under the admin's name. The guard should
  // derive opened_by_role and null the resolution columns for the authenticated role.
  test('a dispute written straight into the table cannot claim the other side\'s role or an admin\'s decision', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await become(q, H.creator);
      await q.query(`insert into app.disputes (escrow_id, opened_by, opened_by_role, reason, details, outcome, creator_cents, brand_cents,
        resolution_note, resolved_by) values ($1, $2, 'brand', 'quality', 'x', 'release', 50000, 0, 'The admin sides with the creator', $3)`,
        [escrow, H.creator, ids.admin]);
      await become(q, H.brand);
      expect(await one(q, `select opened_by_role, outcome, resolution_note, resolved_by_name from api.hire_dispute($1)`, [H.app]))
        .toEqual({ opened_by_role: 'creator', outcome: null, resolution_note: null, resolved_by_name: null });
    });
  });

  // BUG: the insert policy on app.dispute_messages checks only the author and app.can_see_dispute, not the
  // dispute's status: a party writing the table posts in a withdrawn or resolved dispute, which
  // api.post_dispute_message refuses (dispute_closed).
  test('a message written straight into the table cannot reopen the thread of a closed dispute', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await become(q, H.creator);
      await q.query(`select api.withdraw_dispute($1)`, [id]);
      expect((await fails(q, `insert into app.dispute_messages (dispute_id, author_id, body) values ($1, $2, 'Late word')`, [id, H.creator])).code)
        .toMatch(/^(42501|PT409)$/);
    });
  });
});

describe('an open dispute freezes the money', () => {
  test('the brand cannot approve (dispute_open); the money stays in escrow', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const d = await submit(q);
      await openDispute(q, H.brand);
      expect(await failsAs(q, H.brand, `select api.review_deliverable($1, 'approved')`, [d])).toMatchObject({
        code: 'PT409', detail: 'dispute_open', message: 'A dispute is open on this hire: an admin will decide how the money is released' });
      expect((await ledgerOf(q, escrow)).some((l) => l.startsWith('release'))).toBe(false);
      expect(await availableOf(q, H.creator)).toBe(0);
    });
  });

  test('the brand cannot cancel its way out of a dispute: cancelling the hire is refused (hire_closed)', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await openDispute(q, H.creator, H, 'unresponsive', 'The brand does not answer');
      expect(await failsAs(q, H.brand, `select * from api.cancel_hire_quote($1)`, [H.app])).toMatchObject({ code: 'PT409', detail: 'hire_closed' });
      expect(await failsAs(q, 'service_role', `select * from api.cancel_hire_begin($1, 'Changed plans')`, [escrow])).toMatchObject({ code: 'PT409', detail: 'hire_closed' });
      expect(await escrowStatus(q)).toBe('disputed');
    });
  });

  test('auto-approval skips disputed content even after the deadline; nothing is released', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const d = await submit(q);
      await openDispute(q, H.creator);
      await become(q, 'service_role');
      expect(await one(q, `select app.auto_approve_due(now() + interval '30 days') n`)).toEqual({ n: 0 });
      await become(q, 'postgres');
      expect(await one(q, `select status from app.deliverables where id = $1`, [d])).toEqual({ status: 'pending' });
      expect(await escrowStatus(q)).toBe('disputed');
      expect((await ledgerOf(q, escrow)).some((l) => l.startsWith('release'))).toBe(false);
      expect(await availableOf(q, H.creator)).toBe(0);
    });
  });
});

describe('the dispute\'s thread', () => {
  test('both parties and admins post and read it, oldest first, with names and roles', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      const thread = [[H.creator, '  I followed the brief  '], [H.brand, 'The serum is not shown'], [ids.admin, 'Please both upload the brief']] as const;
      for (const [i, [who, body]] of thread.entries()) {
        await become(q, who);
        const posted = await one<{ id: string }>(q, `select api.post_dispute_message($1, $2) id`, [id, body]);
        // Each message is its own request in real life: minutes apart, not one transaction's now().
        await become(q, 'postgres');
        await q.query(`update app.dispute_messages set created_at = now() - make_interval(mins => $2) where id = $1`, [posted.id, 10 - i]);
      }
      const expected = [
        { author_id: H.creator, author_name: 'Isabella Torres', author_role: 'creator', body: 'I followed the brief' },
        { author_id: H.brand, author_name: 'GlowLab Skincare', author_role: 'brand', body: 'The serum is not shown' },
        { author_id: ids.admin, author_name: 'Alex Morgan', author_role: 'admin', body: 'Please both upload the brief' },
      ];
      for (const who of [H.creator, H.brand, ids.admin]) {
        await become(q, who);
        const { messages } = await one<{ messages: Array<Record<string, unknown>> }>(q, `select messages from api.hire_dispute($1)`, [H.app]);
        expect(messages.map(({ author_id, author_name, author_role, body }) => ({ author_id, author_name, author_role, body })), who).toEqual(expected);
        expect(await one(q, `select count(*)::int n from app.dispute_messages where dispute_id = $1`, [id])).toEqual({ n: 3 });
      }
    });
  });

  test('strangers cannot read it or write in it: the dispute and its messages are invisible to them', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await become(q, H.brand);
      await q.query(`select api.post_dispute_message($1, 'Private to the parties')`, [id]);
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator]) {
        expect(await failsAs(q, who, hireDispute, [H.app]), who).toMatchObject({ code: 'PT404' });
        // (TrailPeak has a dispute of its own in the seed.)
        expect(await all(q, `select id from app.disputes where id = $1`, [id]), who).toEqual([]);
        expect(await all(q, `select id from app.dispute_messages where dispute_id = $1`, [id]), who).toEqual([]);
        expect(await failsAs(q, who, `select api.post_dispute_message($1, 'Let me in')`, [id]), who).toMatchObject({ code: 'PT404', detail: 'dispute_not_found' });
        expect((await failsAs(q, who, `insert into app.dispute_messages (dispute_id, author_id, body) values ($1, $2, 'x')`, [id, who])).code, who).toBe('42501');
      }
      // A party cannot write as someone else.
      expect((await failsAs(q, H.creator, `insert into app.dispute_messages (dispute_id, author_id, body) values ($1, $2, 'fake')`, [id, H.brand])).code).toBe('42501');
    });
  });

  test('a blank or too long message is refused', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      for (const body of [null, '', '  \n  ']) {
        expect(await failsAs(q, H.brand, `select api.post_dispute_message($1, $2)`, [id, body]))
          .toMatchObject({ code: '22023', detail: 'body_required', message: 'Message cannot be empty' });
      }
      expect(await failsAs(q, H.brand, `select api.post_dispute_message($1, $2)`, [id, 'x'.repeat(4001)])).toMatchObject({ code: '22023', detail: 'body_too_long' });
      await become(q, H.brand);
      await q.query(`select api.post_dispute_message($1, $2)`, [id, 'x'.repeat(4000)]);
    });
  });

  test('no messages once the dispute is withdrawn or resolved (dispute_closed)', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await become(q, H.creator);
      await q.query(`select api.withdraw_dispute($1)`, [id]);
      for (const who of [H.creator, H.brand, ids.admin]) {
        expect(await failsAs(q, who, `select api.post_dispute_message($1, 'Still there?')`, [id]), who).toMatchObject({ code: 'PT409', detail: 'dispute_closed' });
      }
      const second = await openDispute(q, H.brand);
      await resolveDispute(q, second, 'release');
      expect(await failsAs(q, ids.admin, `select api.post_dispute_message($1, 'Done')`, [second])).toMatchObject({ detail: 'dispute_closed' });
    });
  });
});

describe('withdrawing a dispute', () => {
  test('only whoever opened it withdraws it (not_opener); strangers do not find it', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      for (const who of [H.brand, ids.admin]) {
        expect(await failsAs(q, who, `select api.withdraw_dispute($1)`, [id]), who)
          .toMatchObject({ code: '42501', detail: 'not_opener', message: 'Only whoever opened the dispute can withdraw it' });
      }
      for (const who of [OUTSIDERS.brand, OUTSIDERS.creator]) {
        expect(await failsAs(q, who, `select api.withdraw_dispute($1)`, [id]), who).toMatchObject({ code: 'PT404', detail: 'dispute_not_found' });
      }
      expect(await disputeRow(q, id)).toMatchObject({ status: 'open' });
      // Nor by writing the table.
      await become(q, H.brand);
      expect(await all(q, `update app.disputes set status = 'withdrawn' where id = $1 returning id`, [id])).toEqual([]);
      expect(await disputeRow(q, id)).toMatchObject({ status: 'open' });
    });
  });

  test('only while open: a withdrawn or resolved dispute cannot be withdrawn (dispute_closed)', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const first = await openDispute(q, H.creator);
      await become(q, H.creator);
      await q.query(`select api.withdraw_dispute($1)`, [first]);
      expect(await failsAs(q, H.creator, `select api.withdraw_dispute($1)`, [first])).toMatchObject({ code: 'PT409', detail: 'dispute_closed' });
      const second = await openDispute(q, H.brand);
      await resolveDispute(q, second, 'refund');
      expect(await failsAs(q, H.brand, `select api.withdraw_dispute($1)`, [second])).toMatchObject({ code: 'PT409', detail: 'dispute_closed' });
    });
  });

  test('after withdrawal the hire is funded again, the review window restarts, and a new dispute may be opened', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const d = await submit(q);
      await become(q, 'postgres');
      await q.query(`update app.deliverables set review_due_at = now() + interval '1 hour' where id = $1`, [d]);
      const first = await openDispute(q, H.brand);
      await become(q, H.brand);
      await q.query(`select api.withdraw_dispute($1)`, [first]);
      expect(await escrowStatus(q)).toBe('funded');
      expect(await disputeRow(q, first)).toMatchObject({ status: 'withdrawn', withdrawn: true, outcome: null });
      await become(q, H.creator);
      expect(await one(q, `select round(extract(epoch from review_due_at - now()) / 3600)::int hours from api.deliverable_detail($1)`, [d])).toEqual({ hours: 72 });
      expect(await one(q, `select can_open, id, status, withdrawn_at is not null withdrawn from api.hire_dispute($1)`, [H.app]))
        .toEqual({ can_open: true, id: first, status: 'withdrawn', withdrawn: true });
      // (Opened in a later transaction than the first, as in real life.)
      await become(q, 'postgres');
      await q.query(`update app.disputes set created_at = now() - interval '1 hour' where id = $1`, [first]);
      const second = await openDispute(q, H.creator, H, 'unresponsive', 'The brand stopped answering');
      expect(second).not.toBe(first);
      await become(q, H.brand);
      expect(await one(q, `select id, status, opened_by_role from api.hire_dispute($1)`, [H.app])).toEqual({ id: second, status: 'open', opened_by_role: 'creator' });
    });
  });

  test('after withdrawal the brand approves and the money is released as usual', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const d = await submit(q);
      const id = await openDispute(q, H.brand);
      await become(q, H.brand);
      await q.query(`select api.withdraw_dispute($1)`, [id]);
      await decide(q, d, 'approved');
      expect((await ledgerOf(q, escrow)).filter((l) => l.startsWith('release'))).toEqual(['release escrow 50000', 'release creator_available -42500', 'release platform_fees -7500']);
    });
  });
});

describe('the admins\' queue', () => {
  test('admins only; open and resolving disputes, oldest first, with the money held', async () => {
    await scene(async (q) => {
      await acceptAndFund(q, H);
      await acceptAndFund(q, NICOLAS);
      const d = await submit(q, H);
      const mine = await openDispute(q, H.creator, H, 'not_as_agreed', 'The brief changed');
      const older = await openDispute(q, NICOLAS.brand, NICOLAS, 'not_delivered', 'Nothing delivered');
      await become(q, 'postgres');
      await q.query(`update app.disputes set created_at = now() - interval '2 days' where id = $1`, [older]);
      for (const who of [H.brand, H.creator, ids.otherBrand]) {
        expect(await failsAs(q, who, `select * from api.admin_dispute_queue()`), who).toMatchObject({ code: '42501' });
      }
      await become(q, ids.admin);
      const queue = `select application_id, deliverable_id, campaign_title, brand_name, creator_name, reason, opened_by_role,
        status, amount_cents::int, held_cents::int from api.admin_dispute_queue()`;
      // The seed's own dispute, opened 2 days 20 hours ago, is the oldest.
      const seeded = { application_id: ids.application(17), deliverable_id: ids.deliverable(17), campaign_title: 'Andes Trail Backpack Test',
        brand_name: 'TrailPeak Outdoor', creator_name: 'Lucía Castillo', reason: 'not_as_agreed', opened_by_role: 'brand', status: 'open',
        amount_cents: 80000, held_cents: 80000 };
      expect(await all(q, queue)).toEqual([
        seeded,
        { application_id: NICOLAS.app, deliverable_id: null, campaign_title: 'Late Night Coding Coffee', brand_name: 'ByteBrew Coffee',
          creator_name: 'Nicolás Vargas', reason: 'not_delivered', opened_by_role: 'brand', status: 'open', amount_cents: 45000, held_cents: 45000 },
        { application_id: H.app, deliverable_id: d, campaign_title: 'Morning Glow Serum Launch', brand_name: 'GlowLab Skincare',
          creator_name: 'Isabella Torres', reason: 'not_as_agreed', opened_by_role: 'creator', status: 'open', amount_cents: 50000, held_cents: 50000 },
      ]);
      expect((await all<{ id: string }>(q, `select id from api.admin_dispute_queue()`)).slice(1).map((r) => r.id)).toEqual([older, mine]);
      // Being resolved: still listed; withdrawn or resolved: gone.
      await become(q, 'service_role');
      await q.query(`select * from api.resolve_dispute_begin($1, 'split', 30000, 20000, 'Half done', $2)`, [mine, ids.admin]);
      await become(q, ids.admin);
      const byName = (r: { application_id: string; status: string }) =>
        `${r.application_id === H.app ? 'mine' : r.application_id === NICOLAS.app ? 'older' : 'seeded'} ${r.status}`;
      expect((await all<{ application_id: string; status: string }>(q, queue)).map(byName)).toEqual(['seeded open', 'older open', 'mine resolving']);
      await become(q, NICOLAS.brand);
      await q.query(`select api.withdraw_dispute($1)`, [older]);
      await recordRefund(q, H, 20000);
      await become(q, 'service_role');
      await q.query(`select * from api.resolve_dispute_finish($1)`, [mine]);
      await become(q, ids.admin);
      expect(await all(q, queue)).toEqual([seeded]);
    });
  });

  test('a page at a time (issue 19): after the last row\'s opening time and id, no row twice or skipped, ties broken by id', async () => {
    await scene(async (q) => {
      await acceptAndFund(q, H);
      await acceptAndFund(q, NICOLAS);
      const mine = await openDispute(q, H.creator, H, 'not_as_agreed', 'The brief changed');
      const older = await openDispute(q, NICOLAS.brand, NICOLAS, 'not_delivered', 'Nothing delivered');
      // The two share an opening time: the cursor's id keeps them apart.
      await become(q, 'postgres');
      await q.query(`update app.disputes set created_at = date_trunc('second', now()) - interval '1 day' where id = any($1)`, [[mine, older]]);
      await become(q, ids.admin);
      // The time as text, microseconds included, as PostgREST sends it (a JS Date would keep milliseconds).
      type Row = { id: string; created_at: string };
      const page = (size: number, after: Row | null) => all<Row>(q,
        `select id, created_at::text as created_at from api.admin_dispute_queue($1, $2, $3)`, [size, after?.created_at ?? null, after?.id ?? null]);
      const everything = (await all<Row>(q, `select id from api.admin_dispute_queue()`)).map((r) => r.id);
      expect(everything).toHaveLength(3);
      expect(everything.slice(1)).toEqual([mine, older].sort());
      expect((await page(200, null)).map((r) => r.id)).toEqual(everything);
      for (const size of [1, 2]) {
        const seen: string[] = [];
        let after: Row | null = null;
        for (let n = 0; n < 5; n++) {
          const rows: Row[] = await page(size, after);
          seen.push(...rows.map((r) => r.id));
          if (rows.length < size) break;
          after = rows.at(-1)!;
        }
        expect(seen, `page size ${size}`).toEqual(everything);
      }
      // After the last one: nothing; after a time alone: the disputes opened after it.
      const last = (await page(200, null)).at(-1)!;
      expect(await page(50, last)).toEqual([]);
      const seededRow = (await page(1, null))[0]!;
      expect((await all<Row>(q, `select id from api.admin_dispute_queue(after_opened_at => $1)`, [seededRow.created_at])).map((r) => r.id))
        .toEqual(everything.slice(1));
    });
  });

  test('paging refuses a page size outside 1..200 and an id without its time; non-admins are refused first', async () => {
    await scene(async (q) => {
      for (const size of [0, -1, 201, null]) {
        expect(await failsAs(q, ids.admin, `select * from api.admin_dispute_queue($1)`, [size]), String(size))
          .toMatchObject({ code: '22023', detail: 'page_size_invalid', message: 'The page size must be between 1 and 200' });
      }
      expect(await failsAs(q, ids.admin, `select * from api.admin_dispute_queue(10, null, $1)`, [ids.application(6)]))
        .toMatchObject({ code: '22023', detail: 'cursor_invalid' });
      for (const who of [H.brand, H.creator, OUTSIDERS.creator]) {
        expect(await failsAs(q, who, `select * from api.admin_dispute_queue(10, now(), $1)`, [ids.application(6)]), who)
          .toMatchObject({ code: '42501', detail: 'not_admin' });
        expect(await failsAs(q, who, `select * from api.admin_dispute_queue(0)`), who).toMatchObject({ code: '42501', detail: 'not_admin' });
      }
    });
  });
});

describe('resolving a dispute', () => {
  test('the quote: admins only (not_admin), a valid outcome, a split within the money held (split_invalid)', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      const quote = `select held_cents::int, creator_share_cents::int, brand_share_cents::int, stripe_payment_id, admin_id
        from api.resolve_dispute_quote($1, $2, $3)`;
      for (const who of [H.brand, H.creator, OUTSIDERS.brand]) {
        expect(await failsAs(q, who, quote, [id, 'release', null]), who)
          .toMatchObject({ code: '42501', detail: 'not_admin', message: 'Only admins can resolve disputes' });
      }
      for (const cents of [null, 0, -100, 50000, 60000]) {
        expect(await failsAs(q, ids.admin, quote, [id, 'split', cents]), String(cents)).toMatchObject({ code: '22023', detail: 'split_invalid',
          message: 'The creator\'s share must be more than $0.00 and less than the money held' });
      }
      expect(await failsAs(q, ids.admin, quote, [id, 'half', null])).toMatchObject({ code: '22023', detail: 'outcome_invalid' });
      expect(await failsAs(q, ids.admin, quote, ['00000000-0000-0000-0000-00000000dead', 'release', null])).toMatchObject({ code: 'PT404', detail: 'dispute_not_found' });
      await become(q, ids.admin);
      expect(await one(q, quote, [id, 'split', 30000])).toEqual({ held_cents: 50000, creator_share_cents: 30000, brand_share_cents: 20000, stripe_payment_id: H.pi, admin_id: ids.admin });
      expect(await one(q, quote, [id, 'release', null])).toMatchObject({ creator_share_cents: 50000, brand_share_cents: 0 });
      expect(await one(q, quote, [id, 'refund', null])).toMatchObject({ creator_share_cents: 0, brand_share_cents: 50000 });
      // A quote moves nothing.
      expect(await disputeRow(q, id)).toMatchObject({ status: 'open' });
    });
  });

  test('begin needs a note for both sides and shares that add up to the money held', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      const begin = `select * from api.resolve_dispute_begin($1, 'split', $2, $3, $4, $5)`;
      for (const note of [null, '', '   ']) {
        expect(await failsAs(q, 'service_role', begin, [id, 30000, 20000, note, ids.admin]))
          .toMatchObject({ code: '22023', detail: 'note_required', message: 'Explain the decision to both sides' });
      }
      expect(await failsAs(q, 'service_role', begin, [id, 30000, 20000, 'x'.repeat(1001), ids.admin])).toMatchObject({ detail: 'note_too_long' });
      expect(await failsAs(q, 'service_role', begin, [id, 30000, 30000, 'Fair', ids.admin])).toMatchObject({ code: '22023', detail: 'split_invalid' });
      expect(await failsAs(q, 'service_role', begin, [id, 60000, -10000, 'Fair', ids.admin])).toMatchObject({ code: '22023', detail: 'split_invalid' });
      expect(await disputeRow(q, id)).toMatchObject({ status: 'open', outcome: null });
    });
  });

  test('release: all the money held goes to the creator less the 15% fee; the decision is recorded and shown to both', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      await submit(q);
      const id = await openDispute(q, H.brand);
      expect(await resolveDispute(q, id, 'release', H, null, '  The video follows the brief  ')).toEqual({ outcome: 'release', creator_cents: 50000, brand_cents: 0 });
      expect(await ledgerOf(q, escrow)).toEqual([
        'escrow_funding stripe_balance 50000', 'escrow_funding escrow -50000',
        'release escrow 50000', 'release creator_available -42500', 'release platform_fees -7500',
      ]);
      await become(q, 'postgres');
      expect(await one(q, `select status, release_reason, review_due_at from app.escrows e,
        lateral (select max(review_due_at) review_due_at from app.deliverables where application_id = e.application_id) x where e.id = $1`, [escrow]))
        .toEqual({ status: 'released', release_reason: 'dispute', review_due_at: null });
      expect(await disputeRow(q, id)).toEqual({ status: 'resolved', outcome: 'release', creator_cents: 50000, brand_cents: 0,
        resolution_note: 'The video follows the brief', resolved_by: ids.admin, resolved: true, withdrawn: false });
      expect(await availableOf(q, H.creator)).toBe(42500);
      for (const who of [H.brand, H.creator, ids.admin]) {
        await become(q, who);
        expect(await one(q, `select can_open, status, outcome, creator_cents::int, brand_cents::int, held_cents::int, resolution_note,
          resolved_by_name, resolved_at is not null resolved from api.hire_dispute($1)`, [H.app]), who).toEqual({
          can_open: false, status: 'resolved', outcome: 'release', creator_cents: 50000, brand_cents: 0, held_cents: 0,
          resolution_note: 'The video follows the brief', resolved_by_name: 'Alex Morgan', resolved: true });
      }
    });
  });

  test('refund: all the money held goes back to the brand\'s card; nothing to the creator', async () => {
    await scene(async (q) => {
      const { escrow, payment } = await acceptAndFund(q);
      await submit(q);
      const id = await openDispute(q, H.brand);
      expect(await resolveDispute(q, id, 'refund')).toEqual({ outcome: 'refund', creator_cents: 0, brand_cents: 50000 });
      expect(await ledgerOf(q, escrow)).toEqual([
        'escrow_funding stripe_balance 50000', 'escrow_funding escrow -50000', 'refund stripe_balance -50000', 'refund escrow 50000',
      ]);
      await become(q, 'postgres');
      expect(await one(q, `select status from app.escrows where id = $1`, [escrow])).toEqual({ status: 'refunded' });
      expect(await one(q, `select status, amount_refunded_cents::int from app.payments where id = $1`, [payment])).toEqual({ status: 'refunded', amount_refunded_cents: 50000 });
      expect(await disputeRow(q, id)).toMatchObject({ status: 'resolved', outcome: 'refund', creator_cents: 0, brand_cents: 50000 });
      expect(await availableOf(q, H.creator)).toBe(0);
      // The hire is closed: nothing more is submitted or approved.
      expect(await failsAs(q, H.creator, `select api.submit_deliverable($1, 'https://tiktok.com/@isabella/9')`, [H.campaign])).toMatchObject({ detail: 'hire_closed' });
    });
  });

  test('split 30000 of 50000: the creator gets 30000 less the fee, the brand 20000 back on its card', async () => {
    await scene(async (q) => {
      const { escrow, payment } = await acceptAndFund(q);
      await submit(q);
      const id = await openDispute(q, H.creator);
      expect(await resolveDispute(q, id, 'split', H, 30000)).toEqual({ outcome: 'split', creator_cents: 30000, brand_cents: 20000 });
      expect(await ledgerOf(q, escrow)).toEqual([
        'escrow_funding stripe_balance 50000', 'escrow_funding escrow -50000',
        'refund stripe_balance -20000', 'refund escrow 20000',
        'release escrow 30000', 'release creator_available -25500', 'release platform_fees -4500',
      ]);
      expect(await availableOf(q, H.creator)).toBe(25500);
      await become(q, 'postgres');
      expect(await one(q, `select status, amount_refunded_cents::int from app.payments where id = $1`, [payment])).toEqual({ status: 'completed', amount_refunded_cents: 20000 });
      expect(await one(q, `select status, release_reason from app.escrows where id = $1`, [escrow])).toEqual({ status: 'released', release_reason: 'dispute' });
      await become(q, H.brand);
      expect(await one(q, `select outcome, creator_cents::int, brand_cents::int from api.hire_dispute($1)`, [H.app])).toEqual({ outcome: 'split', creator_cents: 30000, brand_cents: 20000 });
    });
  });

  test('money moves once: finish again, the refund reported again and a second resolution change nothing', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await resolveDispute(q, id, 'split', H, 30000);
      const before = await ledgerOf(q, escrow);
      await become(q, 'service_role');
      expect(await one(q, `select outcome, creator_cents::int, brand_cents::int from api.resolve_dispute_finish($1)`, [id]))
        .toEqual({ outcome: 'split', creator_cents: 30000, brand_cents: 20000 });
      expect(await one(q, `select outcome from api.payment_record_stripe_state(stripe_payment_id => $1, target_status => 'completed',
        stripe_status => 'succeeded', amount_refunded_cents => 20000, event_id => $2, event_type => 'charge.refunded')`, [H.pi, `evt_dispute_refund_${id}`])).toEqual({ outcome: 'duplicate' });
      await recordRefund(q, H, 20000, 'evt_refund_again');
      for (const [outcome, cents] of [['release', null], ['split', 10000], ['refund', null]] as const) {
        expect(await failsAs(q, ids.admin, `select * from api.resolve_dispute_quote($1, $2, $3)`, [id, outcome, cents]), outcome)
          .toMatchObject({ code: 'PT409', detail: 'dispute_closed', message: 'This dispute was already resolved or withdrawn' });
        expect(await failsAs(q, 'service_role', `select * from api.resolve_dispute_begin($1, $2, 50000, 0, 'Again', $3)`, [id, outcome, ids.admin]), outcome)
          .toMatchObject({ code: 'PT409', detail: 'dispute_closed' });
      }
      expect(await ledgerOf(q, escrow)).toEqual(before);
      expect(await availableOf(q, H.creator)).toBe(25500);
    });
  });

  test('a withdrawn dispute cannot be resolved (dispute_closed)', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await become(q, H.creator);
      await q.query(`select api.withdraw_dispute($1)`, [id]);
      expect(await failsAs(q, ids.admin, `select * from api.resolve_dispute_quote($1, 'release')`, [id])).toMatchObject({ detail: 'dispute_closed' });
      expect(await failsAs(q, 'service_role', `select * from api.resolve_dispute_begin($1, 'release', 50000, 0, 'x', $2)`, [id, ids.admin])).toMatchObject({ detail: 'dispute_closed' });
      expect(await failsAs(q, 'service_role', `select * from api.resolve_dispute_finish($1)`, [id])).toMatchObject({ detail: 'dispute_closed' });
    });
  });

  test('while being resolved: the same decision may be retried, another is refused, finish waits for the refund', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      const begin = `select escrow_id, creator_share_cents::int, brand_share_cents::int, stripe_payment_id from api.resolve_dispute_begin($1, $2, $3, $4, 'Fair split', $5)`;
      await become(q, 'service_role');
      const first = await one(q, begin, [id, 'split', 30000, 20000, ids.admin]);
      expect(first).toEqual({ escrow_id: escrow, creator_share_cents: 30000, brand_share_cents: 20000, stripe_payment_id: H.pi });
      expect(await one(q, begin, [id, 'split', 30000, 20000, ids.admin])).toEqual(first);
      expect(await failsAs(q, 'service_role', begin, [id, 'release', 50000, 0, ids.admin])).toMatchObject({ detail: 'dispute_closed' });
      expect(await failsAs(q, 'service_role', `select * from api.resolve_dispute_finish($1)`, [id])).toMatchObject({ code: 'PT409', detail: 'refund_not_recorded' });
      // The parties cannot withdraw it or approve content meanwhile.
      expect(await failsAs(q, H.creator, `select api.withdraw_dispute($1)`, [id])).toMatchObject({ detail: 'dispute_closed' });
      expect(await disputeRow(q, id)).toMatchObject({ status: 'resolving', outcome: 'split' });
      expect(await escrowStatus(q)).toBe('disputed');
    });
  });

  test('abort reopens a dispute whose refund never happened; once the refund is recorded it changes nothing', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await become(q, 'service_role');
      await q.query(`select * from api.resolve_dispute_begin($1, 'refund', 0, 50000, 'Refund it', $2)`, [id, ids.admin]);
      await q.query(`select api.resolve_dispute_abort($1)`, [id]);
      expect(await disputeRow(q, id)).toEqual({ status: 'open', outcome: null, creator_cents: null, brand_cents: null,
        resolution_note: null, resolved_by: null, resolved: false, withdrawn: false });
      expect(await escrowStatus(q)).toBe('disputed');
      expect((await ledgerOf(q, escrow)).length).toBe(2);
      // Decided again, refunded this time: abort no longer applies.
      await become(q, 'service_role');
      await q.query(`select * from api.resolve_dispute_begin($1, 'split', 10000, 40000, 'Mostly refunded', $2)`, [id, ids.admin]);
      await recordRefund(q, H, 40000);
      await become(q, 'service_role');
      await q.query(`select api.resolve_dispute_abort($1)`, [id]);
      expect(await disputeRow(q, id)).toMatchObject({ status: 'resolving', outcome: 'split', creator_cents: 10000 });
      await become(q, 'service_role');
      await q.query(`select * from api.resolve_dispute_finish($1)`, [id]);
      expect(await availableOf(q, H.creator)).toBe(8500);
    });
  });

  test('users cannot call begin, finish or abort (permission denied), not even admins', async () => {
    const zero = '00000000-0000-0000-0000-000000000000';
    for (const who of [ids.brand, H.creator, ids.admin]) {
      for (const sql of [
        `select * from api.resolve_dispute_begin('${zero}', 'release', 1, 0, 'x', '${ids.admin}')`,
        `select * from api.resolve_dispute_finish('${zero}')`,
        `select api.resolve_dispute_abort('${zero}')`,
        `select * from app.resolve_dispute_finish('${zero}')`,
      ]) {
        const e = await errorAs(ctx.db, as(who), sql);
        expect([e.code, e.message.startsWith('permission denied')], `${who}: ${sql}`).toEqual(['42501', true]);
      }
    }
    expect((await errorAs(ctx.db, 'anon', `select * from api.hire_dispute('${H.app}')`)).code).toBe('42501');
  });

  test('after resolution no new dispute can be opened (the money is no longer held)', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const id = await openDispute(q, H.creator);
      await resolveDispute(q, id, 'split', H, 25000);
      expect(await failsAs(q, H.brand, open, [H.app, 'quality', 'Again', []])).toMatchObject({ code: 'PT409', detail: 'not_held' });
    });
  });
});

describe('a chargeback during a dispute', () => {
  test('the card\'s bank takes the money: the dispute closes with it and nothing is left to resolve', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q);
      const id = await openDispute(q, H.brand);
      await become(q, 'service_role');
      await q.query(`select * from api.payment_record_dispute($1, 'dp_17', 50000, 'needs_response', 'evt_dp_17', 'charge.dispute.created')`, [H.pi]);
      expect(await escrowStatus(q)).toBe('charged_back');
      expect(await disputeRow(q, id)).toMatchObject({ status: 'withdrawn', withdrawn: true });
      expect(await failsAs(q, ids.admin, `select * from api.resolve_dispute_quote($1, 'release')`, [id])).toMatchObject({ detail: 'dispute_closed' });
      expect((await ledgerOf(q, escrow)).filter((l) => l.startsWith('release'))).toEqual([]);
    });
  });
});
