import { describe, expect, test } from 'vitest';
import { as, errorAs, ids, rowsAs, runAs, stepsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

// The seed's connected accounts (supabase/seed.sql, decision 0054): verified reach is the sum of the
// followers of connected accounts only.
const REACH = {
  andres: 97800 + 141300, // c07: Instagram + TikTok
  sofia: 51340 + 23910, // c01: Instagram + TikTok
  mateo: 61200, // c02: Instagram; his YouTube (18,450) needs reconnecting and leaves the reach
  diego: 58760, // c05: TikTok
  santiago: 0, // c09: YouTube with a hidden subscriber count
};

interface Card {
  id: string;
  followers: number;
  verified_reach: number | string;
  social_accounts: Array<{ platform: string; handle: string; followers: number | null; followers_as_of: string; status: string }>;
}

const discover = (args: string) => `select id, followers, verified_reach, social_accounts from api.discover_creators(${args})`;

describe('verified reach on the creator card', () => {
  test('Discover sorted by verified reach: connected accounts summed, reconnect_needed left out, then the unverified', async () => {
    const rows = await rowsAs<Card>(ctx.db, as(ids.brand), discover(`sort => 'verified_reach', page_size => 6`));
    expect(rows.map((r) => r.id)).toEqual([ids.creatorN(7), ids.creatorN(1), ids.creatorN(2), ids.creatorN(5), ids.creatorN(12), ids.creatorN(11)]);
    expect(rows.map((r) => Number(r.verified_reach))).toEqual([REACH.andres, REACH.sofia, REACH.mateo, REACH.diego, 0, 0]);
  });

  test('verified accounts only keeps the five creators with a connected account, in either sort', async () => {
    const byReach = await rowsAs<Card>(ctx.db, as(ids.brand), discover(`verified_only => true, sort => 'verified_reach'`));
    expect(byReach.map((r) => r.id)).toEqual([ids.creatorN(7), ids.creatorN(1), ids.creatorN(2), ids.creatorN(5), ids.creatorN(9)]);
    const byFollowers = await rowsAs<Card>(ctx.db, as(ids.brand), discover(`verified_only => true`));
    // The default sort stays the typed (self-reported) followers: 152K, 86.5K, 64.3K, 48.2K, 18.7K.
    expect(byFollowers.map((r) => r.id)).toEqual([ids.creatorN(7), ids.creatorN(2), ids.creatorN(5), ids.creatorN(1), ids.creatorN(9)]);
    expect(byFollowers.map((r) => r.followers)).toEqual([152000, 86500, 64300, 48200, 18700]);
  });

  test('keyset pages by verified reach cover every creator once, in order', async () => {
    const seen: Card[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const rows = await rowsAs<Card>(ctx.db, as(ids.admin), discover(`sort => 'verified_reach', page_size => 5${cursor}`));
      seen.push(...rows);
      if (rows.length < 5) break;
      const tail = rows.at(-1)!;
      cursor = `, after_reach => ${Number(tail.verified_reach)}, after_id => '${tail.id}'`;
    }
    const all = await rowsAs<Card>(ctx.db, as(ids.admin), discover(`sort => 'verified_reach', page_size => 100`));
    expect(seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(12);
    const reach = seen.map((r) => Number(r.verified_reach));
    expect(reach).toEqual([...reach].sort((a, b) => b - a));
  });

  test('the verified filter pages with the followers cursor too, and the existing sorts still work', async () => {
    const first = await rowsAs<Card>(ctx.db, as(ids.brand), discover(`verified_only => true, page_size => 2`));
    const tail = first.at(-1)!;
    const next = await rowsAs<Card>(ctx.db, as(ids.brand), discover(`verified_only => true, page_size => 2, after_followers => ${tail.followers}, after_id => '${tail.id}'`));
    expect([...first, ...next].map((r) => r.id)).toEqual([ids.creatorN(7), ids.creatorN(2), ids.creatorN(5), ids.creatorN(1)]);
    const plain = await rowsAs<Card>(ctx.db, as(ids.brand), discover(`niche => 'Beauty'`));
    expect(plain.map((r) => r.followers)).toEqual([48200, 9400]);
  });

  test('bad sorts and cursors of the other sort are refused with their own codes', async () => {
    const sort = await errorAs(ctx.db, as(ids.brand), discover(`sort => 'rating'`));
    expect([sort.code, sort.detail]).toEqual(['22023', 'sort_invalid']);
    const mixed = await errorAs(ctx.db, as(ids.brand), discover(`sort => 'verified_reach', after_followers => 1000`));
    expect([mixed.code, mixed.detail]).toEqual(['22023', 'cursor_invalid']);
    const mixed2 = await errorAs(ctx.db, as(ids.brand), discover(`after_reach => 1000`));
    expect([mixed2.code, mixed2.detail]).toEqual(['22023', 'cursor_invalid']);
  });

  test('Discover stays brands and admins only: creators and anon are refused', async () => {
    expect((await errorAs(ctx.db, as(ids.creator), discover(`verified_only => true`))).code).toBe('42501');
    expect((await errorAs(ctx.db, 'anon', discover(`sort => 'verified_reach'`))).code).toBe('42501');
  });

  test('the profile carries verified and self-reported side by side, reconnect_needed with its last count and date', async () => {
    const [mateo] = await rowsAs<Card>(ctx.db, as(ids.otherCreator), `select id, followers, verified_reach, social_accounts from api.creator_profile($1)`, [ids.otherCreator]);
    expect(mateo!.followers).toBe(86500);
    expect(Number(mateo!.verified_reach)).toBe(REACH.mateo);
    expect(mateo!.social_accounts.map((a) => [a.platform, a.handle, a.followers, a.status])).toEqual([
      ['instagram', 'mateo.viaja', 61200, 'connected'],
      ['youtube', 'MateoViaja', 18450, 'reconnect_needed'],
    ]);
    const asOf = new Date(mateo!.social_accounts[1]!.followers_as_of).getTime();
    expect(Date.now() - asOf).toBeGreaterThan(11 * 86400_000);
    const [lucia] = await rowsAs<Card>(ctx.db, as(ids.brand), `select id, followers, verified_reach, social_accounts from api.creator_profile($1)`, [ids.creatorN(6)]);
    expect([lucia!.followers, Number(lucia!.verified_reach), lucia!.social_accounts]).toEqual([27800, 0, []]);
    const [santiago] = await rowsAs<Card>(ctx.db, as(ids.admin), `select social_accounts from api.creator_profile($1)`, [ids.creatorN(9)]);
    expect(santiago!.social_accounts).toEqual([expect.objectContaining({ platform: 'youtube', handle: 'SantiRuns', followers: null, status: 'connected' })]);
  });

  test("the brand's applicants carry the verified reach and accounts beside the typed followers", async () => {
    const rows = await rowsAs<{ creator: Card & { id: string } }>(ctx.db, as(ids.brand), `select creator from api.campaign_applications($1)`, [ids.campaign(1)]);
    const sofia = rows.find((r) => r.creator.id === ids.creator)!.creator;
    expect([sofia.followers, Number(sofia.verified_reach), sofia.social_accounts.map((a) => a.platform)]).toEqual([48200, REACH.sofia, ['instagram', 'tiktok']]);
    expect((await errorAs(ctx.db, as(ids.otherBrand), `select creator from api.campaign_applications($1)`, [ids.campaign(1)])).code).toBe('42501');
  });

  test('a refresh, a reconnect_needed and a disconnect move the reach through the one definition', async () => {
    const reach = `select verified_reach, verified_accounts from app.creator_profiles where user_id = '${ids.creator}'`;
    const refreshed = await stepsAs<{ verified_reach: number | string; verified_accounts: number }>(ctx.db, 'postgres', [
      [`update app.social_accounts set followers = 60000 where creator_id = $1 and platform = 'instagram'`, [ids.creator]],
      [reach],
    ]);
    expect([Number(refreshed[0]!.verified_reach), refreshed[0]!.verified_accounts]).toEqual([60000 + 23910, 2]);
    const stale = await stepsAs<{ verified_reach: number | string; verified_accounts: number }>(ctx.db, 'postgres', [
      [`update app.social_accounts set status = 'reconnect_needed' where creator_id = $1 and platform = 'tiktok'`, [ids.creator]],
      [reach],
    ]);
    expect([Number(stale[0]!.verified_reach), stale[0]!.verified_accounts]).toEqual([51340, 1]);
    const gone = await stepsAs<{ verified_reach: number | string; verified_accounts: number }>(ctx.db, 'postgres', [
      [`delete from app.social_accounts where creator_id = $1`, [ids.creator]],
      [reach],
    ]);
    expect([Number(gone[0]!.verified_reach), gone[0]!.verified_accounts]).toEqual([0, 0]);
  });
});

describe('api.social_accounts_due_for_refresh', () => {
  const due = `select id, platform from api.social_accounts_due_for_refresh(500)`;

  test('service role only: anon, creators, brands and admins are refused', async () => {
    for (const persona of ['anon' as const, as(ids.creator), as(ids.brand), as(ids.admin)]) {
      expect((await errorAs(ctx.db, persona, due)).code).toBe('42501');
    }
    expect((await errorAs(ctx.db, as(ids.creator), `select * from app.pick_social_accounts_due(10, null, now())`)).code).toBe('42501');
  });

  test('the service role gets the connected accounts whose slot has come, once, and bad input is refused', async () => {
    const rows = await runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.social_refresh_schedule set due_at = now() - interval '1 minute'`);
      await q.query(`set local role service_role`);
      const first = (await q.query<{ id: string; platform: string }>(due)).rows;
      const again = (await q.query<{ id: string }>(due)).rows;
      return { first, again };
    });
    // Seven connected accounts; Mateo's reconnect_needed YouTube is not in the schedule.
    expect(rows.first).toHaveLength(7);
    expect(rows.again).toEqual([]);
    const err = await errorAs(ctx.db, 'service_role', `select * from api.social_accounts_due_for_refresh(0)`);
    expect([err.code, err.detail]).toEqual(['22023', 'batch_invalid']);
    const platform = await errorAs(ctx.db, 'service_role', `select * from api.social_accounts_due_for_refresh(10, 'myspace')`);
    expect([platform.code, platform.detail]).toEqual(['22023', 'platform_invalid']);
  });

  test('a platform argument keeps the batch to one platform', async () => {
    const rows = await stepsAs<{ platform: string }>(ctx.db, 'postgres', [
      [`update app.social_refresh_schedule set due_at = now() - interval '1 minute'`],
      [`select platform from app.pick_social_accounts_due(100, 'tiktok', now())`],
    ]);
    expect(rows.map((r) => r.platform)).toEqual(['tiktok', 'tiktok', 'tiktok']);
  });

  test('a job every 5 minutes for two days refreshes each account once a day, never twice within 12 hours', async () => {
    const picks = await runAs(ctx.db, 'postgres', async (q) => {
      // More accounts: every seed creator without one gets all three platforms.
      await q.query(`insert into app.social_accounts (creator_id, platform, platform_user_id, handle, followers, followers_as_of)
        select cp.user_id, pl, pl || '-' || cp.user_id, 'h' || substr(md5(cp.user_id::text || pl), 1, 8), 1000, now()
        from app.creator_profiles cp cross join unnest(array['instagram', 'tiktok', 'youtube']) pl
        where cp.verified_accounts = 0`);
      // The seed's rows were scheduled when the seed ran; start every account from this transaction's clock.
      await q.query(`update app.social_refresh_schedule set due_at = app.next_refresh_at(account_id, now())`);
      const start = (await q.query<{ t: Date | string }>(`select now() as t`)).rows[0]!.t;
      const t0 = new Date(start).getTime();
      const out: Array<{ id: string; at: number }> = [];
      for (let step = 1; step <= 576; step++) {
        const at = new Date(t0 + step * 5 * 60_000).toISOString();
        const rows = (await q.query<{ id: string }>(`select id from app.pick_social_accounts_due(1000, null, $1::timestamptz)`, [at])).rows;
        for (const r of rows) out.push({ id: r.id, at: step * 5 });
      }
      const total = Number((await q.query<{ n: number | string }>(`select count(*) as n from app.social_refresh_schedule`)).rows[0]!.n);
      return { out, total };
    });
    expect(picks.total).toBeGreaterThan(25);
    const byAccount = new Map<string, number[]>();
    for (const p of picks.out) byAccount.set(p.id, [...(byAccount.get(p.id) ?? []), p.at]);
    expect(byAccount.size).toBe(picks.total);
    for (const minutes of byAccount.values()) {
      // The first slot comes within a day and the next exactly one day later (5-minute steps).
      expect(minutes).toHaveLength(2);
      expect(minutes[0]!).toBeLessThanOrEqual(24 * 60);
      expect(minutes[1]! - minutes[0]!).toBe(24 * 60);
    }
  });

  test('slots spread evenly over the day: 48,000 ids, every hour within 10% of the mean', async () => {
    // Fixed ids (md5 of a counter, as uuids) so the figure is the same on every run.
    const rows = await rowsAs<{ hour: number; n: number | string }>(ctx.db, 'postgres', `select app.refresh_slot_second(md5('account ' || g)::uuid) / 3600 as hour,
      count(*) as n from generate_series(1, 48000) g group by 1 order by 1`);
    expect(rows).toHaveLength(24);
    for (const r of rows) expect(Math.abs(Number(r.n) - 2000)).toBeLessThan(200);
  });

  test('an account that needs reconnecting leaves the schedule and returns when reconnected', async () => {
    const counts = await stepsAs<{ n: number | string }>(ctx.db, 'postgres', [
      [`update app.social_accounts set status = 'reconnect_needed' where creator_id = $1`, [ids.creator]],
      [`select count(*) as n from app.social_refresh_schedule s join app.social_accounts a on a.id = s.account_id where a.creator_id = '${ids.creator}'`],
    ]);
    expect(Number(counts[0]!.n)).toBe(0);
    const back = await stepsAs<{ n: number | string; later: boolean }>(ctx.db, 'postgres', [
      [`update app.social_accounts set status = 'connected' where creator_id = $1 and platform = 'youtube'`, [ids.otherCreator]],
      [`select count(*) as n, bool_and(s.due_at > now()) as later from app.social_refresh_schedule s join app.social_accounts a on a.id = s.account_id where a.creator_id = '${ids.otherCreator}'`],
    ]);
    expect([Number(back[0]!.n), back[0]!.later]).toEqual([2, true]);
  });
});
