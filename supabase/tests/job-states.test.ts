import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import {
  accept, acceptAndFund, all, become, completeHire, fund, hireScenes, ISABELLA, one, openDispute, resolveDispute, submit,
} from '../../testkit/db/hire-scene.ts';
import { ids } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 30, finding 6: one rule for a creator's job state (app.job_state): active = hired and not finished,
// completed = paid for it (released, a dispute's split or release included), closed = ended without pay.
// The dashboard's two counts and the job states of api.my_applications come from it, so they agree.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const H = ISABELLA;

interface Counts { active: number; completed: number }

async function dashboard(q: Queryable, who: string): Promise<Counts> {
  await become(q, who);
  const r = await one<{ active_gigs: number; completed_jobs: number }>(q, `select active_gigs, completed_jobs from api.creator_dashboard()`);
  return { active: r.active_gigs, completed: r.completed_jobs };
}

async function states(q: Queryable, who: string): Promise<Record<string, string>> {
  await become(q, who);
  const rows = await all<{ id: string; job_state: string }>(q, `select id, job_state from api.my_applications()`);
  return Object.fromEntries(rows.map((r) => [r.id, r.job_state]));
}

/** The dashboard's counts must be the list's states counted: one rule, two places. */
async function agree(q: Queryable, who: string): Promise<Counts> {
  const counts = await dashboard(q, who);
  const list = Object.values(await states(q, who));
  expect(counts, who).toEqual({ active: list.filter((s) => s === 'active').length, completed: list.filter((s) => s === 'completed').length });
  return counts;
}

describe('seeded creators', () => {
  test('each job in the state its hire is in, and the dashboard counts exactly those', async () => {
    await scene(async (q) => {
      const app = ids.application;
      // Sofía: the serum hire (paid, her reel version awaiting review) still works; the lip tint reel is paid;
      // one application waits, one was rejected. Before: 2 active (both accepted), 2 completed (approved links).
      expect(await states(q, ids.creator)).toEqual({
        [app(1)]: 'active', [app(7)]: 'completed', [app(2)]: 'applied', [app(3)]: 'closed',
      });
      expect(await agree(q, ids.creator)).toEqual({ active: 1, completed: 1 });
      // Diego: the espresso hire released; the cold brew video rejected (closed, not active).
      expect(await states(q, ids.creatorN(5))).toEqual({ [app(12)]: 'completed', [app(9)]: 'closed' });
      expect(await agree(q, ids.creatorN(5))).toEqual({ active: 0, completed: 1 });
      // Mateo: the winter stories released by the platform; the backpack video's third cut awaits review.
      expect(await states(q, ids.creatorN(2))).toEqual({ [app(13)]: 'completed', [app(4)]: 'active' });
      expect(await agree(q, ids.creatorN(2))).toEqual({ active: 1, completed: 1 });
      // Lucía's disputed hire: money frozen, still active.
      expect(await states(q, ids.creatorN(6))).toEqual({ [app(17)]: 'active' });
      expect(await agree(q, ids.creatorN(6))).toEqual({ active: 1, completed: 0 });
      // Daniela only applied.
      expect(await agree(q, ids.creatorN(12))).toEqual({ active: 0, completed: 0 });
    });
  });

  test('the rule reads only what the caller may read: another creator gets no state of a job not hers', async () => {
    await scene(async (q) => {
      await become(q, ids.creatorN(5));
      expect(await one(q, `select app.job_state($1) as s`, [ids.application(1)])).toEqual({ s: null });
      expect(Object.keys(await states(q, ids.creatorN(5)))).not.toContain(ids.application(1));
      await become(q, ids.creator);
      expect(await one(q, `select app.job_state($1) as s`, [ids.application(1)])).toEqual({ s: 'active' });
    });
  });
});

describe('a fresh hire through its states', () => {
  test('applied, hired, funded, delivered, disputed: active; a split decided by an admin: completed', async () => {
    await scene(async (q) => {
      expect(await states(q, H.creator)).toMatchObject({ [H.app]: 'applied' });
      expect(await agree(q, H.creator)).toEqual({ active: 0, completed: 0 });
      const escrow = await accept(q);
      expect(await states(q, H.creator)).toMatchObject({ [H.app]: 'active' });
      await fund(q, escrow);
      await submit(q);
      const dispute = await openDispute(q, H.brand);
      expect(await states(q, H.creator)).toMatchObject({ [H.app]: 'active' });
      expect(await agree(q, H.creator)).toEqual({ active: 1, completed: 0 });
      await resolveDispute(q, dispute, 'split', H, 25000);
      // Before: the application stayed accepted and no content was approved, so "active 1, completed 0".
      expect(await states(q, H.creator)).toMatchObject({ [H.app]: 'completed' });
      expect(await agree(q, H.creator)).toEqual({ active: 0, completed: 1 });
    });
  });

  test('a dispute decided for the brand (all refunded) closes the job: neither active nor completed', async () => {
    await scene(async (q) => {
      await acceptAndFund(q);
      await submit(q);
      const dispute = await openDispute(q, H.brand);
      await resolveDispute(q, dispute, 'refund', H);
      expect(await states(q, H.creator)).toMatchObject({ [H.app]: 'closed' });
      expect(await agree(q, H.creator)).toEqual({ active: 0, completed: 0 });
    });
  });

  test('approved content releases the hire: completed', async () => {
    await scene(async (q) => {
      await completeHire(q);
      expect(await states(q, H.creator)).toMatchObject({ [H.app]: 'completed' });
      expect(await agree(q, H.creator)).toEqual({ active: 0, completed: 1 });
      // Nobody else sees her job.
      for (const who of [ids.creator, ids.creatorN(5)]) expect(Object.keys(await states(q, who)), who).not.toContain(H.app);
    });
  });
});
