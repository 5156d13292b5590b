import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import {
  acceptAndFund, all, become, completeHire, fails, failsAs, hireScenes, ISABELLA, one, openDispute, OUTSIDERS, resolveDispute,
} from '../../testkit/db/hire-scene.ts';
import { ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 29, item 8: every admin action leaves a row in app.admin_audit_log (actor, time, action, target,
// before/after), readable by admins only, never changed or removed. Scene as in disputes.test.ts: GlowLab
// hires Isabella for $500.00; Alex Morgan is the admin.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;

interface Row {
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface Profile { full_name: string; username: string; email: string; bio: string | null }

/** Mateo's profile as it is (the user the admin edits below). */
async function mateo(q: Queryable): Promise<Profile> {
  await become(q, 'postgres');
  return one<Profile>(q, `select full_name, username, email, bio from app.profiles where id = $1`, [OUTSIDERS.creator]);
}

/** The admin changes only Mateo's role, through api.admin_update_user (every other field as it is). */
async function makeMateoABrand(q: Queryable, m: Profile): Promise<void> {
  await become(q, ids.admin);
  await q.query(`select api.admin_update_user($1, $2, $3, 'brand', $4, null)`, [OUTSIDERS.creator, m.full_name, m.username, m.bio]);
}

/** The id of the newest row (0 without any): what a test's own rows come after. */
async function mark(q: Queryable): Promise<number> {
  await become(q, 'postgres');
  return Number((await one<{ n: string | number }>(q, `select coalesce(max(id), 0) as n from app.admin_audit_log`)).n);
}

/** Rows written since the mark, oldest first, as the platform reads them. */
async function rowsSince(q: Queryable, since: number): Promise<Row[]> {
  await become(q, 'postgres');
  return all<Row>(q, `select actor_id, action, target_type, target_id, before, after from app.admin_audit_log
    where id > $1 order by id`, [since]);
}

describe('each admin action is logged with its actor, target and values before and after', () => {
  test('platform settings: changing the fee to 0 and back leaves two rows', async () => {
    await scene(async (q) => {
      const since = await mark(q);
      const { fee_bps: fee } = await one<{ fee_bps: number }>(q, `select fee_bps from app.platform_settings`);
      await become(q, ids.admin);
      await q.query(`select api.admin_update_platform_settings(fee_bps => 0)`);
      await q.query(`select api.admin_update_platform_settings(fee_bps => $1)`, [fee]);
      // Saving the same values again changes nothing and logs nothing.
      await q.query(`select api.admin_update_platform_settings(fee_bps => $1)`, [fee]);
      expect(await rowsSince(q, since)).toEqual([
        { actor_id: ids.admin, action: 'settings.update', target_type: 'settings', target_id: null, before: { fee_bps: fee }, after: { fee_bps: 0 } },
        { actor_id: ids.admin, action: 'settings.update', target_type: 'settings', target_id: null, before: { fee_bps: 0 }, after: { fee_bps: fee } },
      ]);
    });
  });

  test('platform settings changed by the service role or a migration are logged without an actor (never as an admin)', async () => {
    await scene(async (q) => {
      const since = await mark(q);
      await become(q, 'service_role');
      await q.query(`update app.platform_settings set review_window_hours = 48`);
      await become(q, 'postgres');
      await q.query(`update app.platform_settings set payout_schedule = 'weekly'`);
      expect((await rowsSince(q, since)).map((r) => [r.actor_id, r.action, r.after])).toEqual([
        [null, 'settings.update', { review_window_hours: 48 }],
        [null, 'settings.update', { payout_schedule: 'weekly' }],
      ]);
    });
  });

  test('a role change through api.admin_update_user', async () => {
    await scene(async (q) => {
      const m = await mateo(q);
      const since = await mark(q);
      await makeMateoABrand(q, m);
      expect(await rowsSince(q, since)).toEqual([{ actor_id: ids.admin, action: 'user.role_change', target_type: 'user',
        target_id: OUTSIDERS.creator, before: { role: 'creator' }, after: { role: 'brand' } }]);
    });
  });

  test('profile fields and an email changed through api.admin_update_user', async () => {
    await scene(async (q) => {
      const old = await mateo(q);
      const since = await mark(q);
      await become(q, ids.admin);
      await q.query(`select api.admin_update_user($1, 'Mateo R.', $2, 'creator', $3, 'mateo.new@demo.test')`,
        [OUTSIDERS.creator, old.username, old.bio]);
      const rows = await rowsSince(q, since);
      expect(rows.map((r) => [r.actor_id, r.action, r.target_id])).toEqual(
        rows.map(() => [ids.admin, 'user.update', OUTSIDERS.creator]));
      expect(Object.assign({}, ...rows.map((r) => r.before))).toEqual({ full_name: old.full_name, email: old.email });
      expect(Object.assign({}, ...rows.map((r) => r.after))).toEqual({ full_name: 'Mateo R.', email: 'mateo.new@demo.test' });
    });
  });

  test('a hidden review', async () => {
    await scene(async (q) => {
      await completeHire(q);
      await become(q, H.brand);
      const { id } = await one<{ id: string }>(q, `select api.submit_review($1, 1, 'Rude words here') as id`, [H.app]);
      const since = await mark(q);
      await become(q, ids.admin);
      await q.query(`select api.admin_hide_review($1, '  Insults the creator ')`, [id]);
      expect(await rowsSince(q, since)).toEqual([{ actor_id: ids.admin, action: 'review.hide', target_type: 'review', target_id: id,
        before: { hidden: false }, after: { hidden: true, reason: 'Insults the creator' } }]);
    });
  });

  test('a dispute decision (split), with the shares and the note', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const dispute = await openDispute(q, H.creator);
      const since = await mark(q);
      await resolveDispute(q, dispute, 'split', H, 20000, 'Half the videos were delivered');
      expect(await rowsSince(q, since)).toEqual([{ actor_id: ids.admin, action: 'dispute.resolve', target_type: 'dispute', target_id: dispute,
        before: { status: 'open' },
        after: { status: 'resolving', outcome: 'split', creator_cents: 20000, brand_cents: 30000, note: 'Half the videos were delivered' } }]);
    });
  });

  test('a dispute decision undone because the refund failed', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      const dispute = await openDispute(q, H.creator);
      await become(q, ids.admin);
      const quote = await one<{ creator_share_cents: string; brand_share_cents: string; admin_id: string }>(q,
        `select * from api.resolve_dispute_quote($1, 'refund', null)`, [dispute]);
      await become(q, 'service_role');
      await q.query(`select * from api.resolve_dispute_begin($1, 'refund', $2, $3, 'Nothing was delivered', $4)`,
        [dispute, quote.creator_share_cents, quote.brand_share_cents, quote.admin_id]);
      const since = await mark(q);
      await become(q, 'service_role');
      await q.query(`select api.resolve_dispute_abort($1)`, [dispute]);
      expect(await rowsSince(q, since)).toEqual([{ actor_id: ids.admin, action: 'dispute.resolve_aborted', target_type: 'dispute',
        target_id: dispute, before: { status: 'resolving', outcome: 'refund', creator_cents: 0, brand_cents: 50000 }, after: { status: 'open' } }]);
    });
  });

  test('the admin-users function\'s actions (email change, deletion, new brand) through api.admin_audit_user_action', async () => {
    await scene(async (q) => {
      const since = await mark(q);
      await become(q, 'service_role');
      const record = `select api.admin_audit_user_action($1, $2, $3, $4, $5) as id`;
      await q.query(record, [ids.admin, 'user.email_change', OUTSIDERS.creator, { email: 'a@demo.test' }, { email: 'b@demo.test' }]);
      // A deletion is recorded before Auth deletes: the profile is read by the database, not taken from the caller.
      await q.query(record, [ids.admin, 'user.delete', OUTSIDERS.creator, { email: 'forged@x.test' }, null]);
      await q.query(record, [ids.admin, 'user.create_brand', ids.brand, null, { email: 'brand@demo.test', role: 'brand' }]);
      const rows = await rowsSince(q, since);
      expect(rows.map((r) => [r.actor_id, r.action, r.target_id])).toEqual([
        [ids.admin, 'user.email_change', OUTSIDERS.creator],
        [ids.admin, 'user.delete', OUTSIDERS.creator],
        [ids.admin, 'user.create_brand', ids.brand],
      ]);
      expect(rows[0]).toMatchObject({ before: { email: 'a@demo.test' }, after: { email: 'b@demo.test' } });
      const m = await mateo(q);
      expect(rows[1]!.before).toEqual({ email: m.email, username: m.username, full_name: m.full_name, role: 'creator' });
      expect(JSON.stringify(rows[1])).not.toContain('forged');
      // Only for an admin actor, a known action and an existing user; and only the service role may call it.
      expect(await failsAs(q, 'service_role', record, [ids.brand, 'user.email_change', ids.creator, null, null])).toMatchObject({ code: '42501', detail: 'not_admin' });
      expect(await failsAs(q, 'service_role', record, [ids.admin, 'settings.update', ids.creator, null, null])).toMatchObject({ code: '22023', detail: 'action_invalid' });
      expect(await failsAs(q, 'service_role', record, [ids.admin, 'user.delete', '00000000-0000-0000-0000-00000000dead', null, null]))
        .toMatchObject({ code: 'PT404', detail: 'user_not_found' });
      for (const who of [ids.admin, ids.brand]) {
        expect((await failsAs(q, who, record, [ids.admin, 'user.email_change', ids.creator, null, null])).code, who).toBe('42501');
      }
    });
  });

  test('the reader: admins get pages newest first with the actor\'s name and email and a readable target', async () => {
    await scene(async (q) => {
      const m = await mateo(q);
      await become(q, ids.admin);
      for (const fee of [100, 200, 300]) await q.query(`select api.admin_update_platform_settings(fee_bps => $1)`, [fee]);
      await makeMateoABrand(q, m);
      await become(q, ids.admin);
      type Entry = { id: number; at: string; actor_name: string; actor_email: string; action: string; target_label: string | null; after: unknown };
      const first = await all<Entry>(q, `select * from api.admin_audit_log(page_size => 2)`);
      expect(first.map((r) => [r.action, r.target_label, r.after])).toEqual([
        ['user.role_change', m.full_name, { role: 'brand' }],
        ['settings.update', null, { fee_bps: 300 }],
      ]);
      expect(first[0]).toMatchObject({ actor_name: 'Alex Morgan', actor_email: 'admin@demo.test' });
      const last = first[first.length - 1]!;
      const second = await all<Entry>(q, `select * from api.admin_audit_log($1, 2)`, [last.id]);
      expect(second.map((r) => r.after)).toEqual([{ fee_bps: 200 }, { fee_bps: 100 }]);
    });
  });
});

describe('who may read and change the log', () => {
  test('creators and brands cannot read the log, directly or through the reader', async () => {
    await scene(async (q) => {
      await become(q, ids.admin);
      await q.query(`select api.admin_update_platform_settings(fee_bps => 1200)`);
      for (const who of [H.creator, H.brand, OUTSIDERS.brand]) {
        expect(await failsAs(q, who, `select * from api.admin_audit_log()`), who).toMatchObject({ code: '42501', detail: 'not_admin' });
        await become(q, who);
        expect(await all(q, `select * from app.admin_audit_log`), who).toEqual([]);
      }
      await become(q, ids.admin);
      expect((await all(q, `select * from app.admin_audit_log`)).length).toBeGreaterThan(0);
    });
  });

  test('nobody inserts, updates or deletes a row: not admins, not the service role, not the owner', async () => {
    await scene(async (q) => {
      await become(q, ids.admin);
      await q.query(`select api.admin_update_platform_settings(fee_bps => 1200)`);
      const insert = `insert into app.admin_audit_log (actor_id, action, target_type) values ($1, 'settings.update', 'settings')`;
      for (const who of [ids.admin, H.brand, 'service_role']) {
        expect((await failsAs(q, who, insert, [ids.admin])).code, who).toBe('42501');
        expect((await failsAs(q, who, `update app.admin_audit_log set actor_id = null`)).code, who).toBe('42501');
        expect((await failsAs(q, who, `delete from app.admin_audit_log`)).code, who).toBe('42501');
        expect((await failsAs(q, who, `select app.write_admin_audit($1, 'settings.update', 'settings', null, null, null)`, [ids.admin])).code, who)
          .toBe('42501');
      }
      // The owner (postgres) is refused by the append-only trigger.
      await become(q, 'postgres');
      for (const sql of [`update app.admin_audit_log set actor_id = null`, `delete from app.admin_audit_log`, `truncate app.admin_audit_log`]) {
        expect(await fails(q, sql), sql).toMatchObject({ code: '42501', detail: 'audit_log_append_only' });
      }
    });
  });

  test('what non-admins do is not logged as an admin action', async () => {
    await scene(async (q) => {
      const since = await mark(q);
      // A creator edits their own profile; the admin edits their own name; a creator fails to change the fee.
      await become(q, H.creator);
      await q.query(`update app.profiles set full_name = 'Isabella T.' where id = $1`, [H.creator]);
      expect(await failsAs(q, H.creator, `select api.admin_update_platform_settings(fee_bps => 0)`)).toMatchObject({ detail: 'not_admin' });
      expect(await failsAs(q, H.brand, `select api.admin_update_user($1, 'X Y', 'xy.hacker', 'admin', null, null)`, [H.creator]))
        .toMatchObject({ code: '42501' });
      await become(q, ids.admin);
      await q.query(`update app.profiles set full_name = 'Alex M.' where id = $1`, [ids.admin]);
      // The service role (e.g. a scheduled job) changes a profile: not an admin action either.
      await become(q, 'service_role');
      await q.query(`update app.profiles set bio = 'Set by a job' where id = $1`, [H.creator]);
      // A forged JWT for a user id that is no admin is no admin.
      await become(q, OUTSIDERS.creator);
      await q.query(`update app.profiles set bio = 'Mine' where id = $1`, [OUTSIDERS.creator]);
      expect(await rowsSince(q, since)).toEqual([]);
    });
  });
});
