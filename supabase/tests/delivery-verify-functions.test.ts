import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../testkit/runtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The scheduled delivery-verify function and social-connect's /refresh route (real Deno) against the
// TikTok and YouTube doubles (decisions 0054, 0055): a submitted URL is checked end to end (ownership,
// published before the hire, disclosure), a 429 leaves it due after Retry-After without a second record,
// a post deleted inside its live period is flagged and both sides are told once; the daily refresh renews
// an expiring token, re-reads the followers, and a revoked grant marks the account reconnect_needed.

let ts: TestStack;
let creator = '';
let deliverable = '';
let tiktokUser = '';
let ownPost = '';
let untagged = '';
let untaggedShareCode = '';
let old = '';

const tokenOf = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await ts.database.db.query<T>(text, params)).rows;

async function control(path: string, body: unknown): Promise<any> {
  const res = await fetch(`${ts.url}/platforms/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return res.json();
}

async function fn(path: string, bearer: string, body: unknown = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${ts.url}/functions/v1/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', apikey: ts.anonKey, authorization: `Bearer ${bearer}` }, body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}
const run = (body: unknown = {}) => fn('delivery-verify/run', ts.serviceRoleKey, body);

/** Connects `sub`'s account on a platform through the double's consent page (as social-connect-functions.test.ts does). */
async function connect(sub: string, platform: string, accountId: string): Promise<void> {
  const start = await fn('social-connect/start', tokenOf(sub), { platform, locale: 'en' });
  expect(start.status).toBe(200);
  const page = await fetch(start.json.url);
  const pending = /name="pending" value="([^"]+)"/.exec(await page.text())?.[1];
  const answer = await fetch(start.json.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pending: pending!, decision: 'allow', account: accountId }) });
  const cb = await fetch(new URL(answer.headers.get('location')!), { redirect: 'manual' });
  expect(new URL(cb.headers.get('location')!, 'http://site.test').searchParams.get('result')).toBe('connected');
}

const tiktokUrl = (postId: string) => `https://www.tiktok.com/@${tiktokUser}/video/${postId}`;
async function deliver(url: string): Promise<void> {
  await sql(`update app.deliverables set content_url = $2 where id = $1`, [deliverable, url]);
}
const check = async () => (await sql<{ outcome: string; attempts: number; due: boolean; removed_as: string | null }>(
  `select outcome, attempts, next_attempt_at is not null and next_attempt_at <= now() as due, removed_as from app.delivery_checks where deliverable_id = $1`, [deliverable]))[0]!;

beforeAll(async () => {
  ts = await startTestStack({ seed: true, log: (l) => { if (process.env.DEBUG_STACK) console.log(l); } });
  // A seeded delivery whose creator has no TikTok account yet; the hire started before the double's "now".
  const [d] = await sql<{ id: string; creator_id: string }>(`select d.id, d.creator_id from app.deliverables d
    where not exists (select 1 from app.social_accounts s where s.creator_id = d.creator_id) order by d.id limit 1`);
  deliverable = d!.id;
  creator = d!.creator_id;
  const made = await control('accounts', { platform: 'tiktok', username: 'proof.tt', followers: 900, posts: [
    { ageMs: 3600_000, caption: 'Loving it #Publi' },
    { ageMs: 7200_000, caption: 'No tag here' },
    { ageMs: 3 * 365 * 86400_000, caption: 'Old one #ad' },
  ] });
  tiktokUser = made.account.username;
  ownPost = made.posts[0].id;
  untagged = made.posts[1].id;
  untaggedShareCode = made.posts[1].shortCode;
  old = made.posts[2].id;
  await connect(creator, 'tiktok', made.account.id);
  // Nothing else is due in the seed's checks: only this test's deliverable is run.
  await sql(`update app.delivery_checks set next_attempt_at = now() + interval '1 day' where next_attempt_at is not null and deliverable_id <> $1`, [deliverable]);
  await sql(`update app.post_snapshots set next_attempt_at = now() + interval '1 day' where taken_at is null`);
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('delivery-verify checks a submission against the platform', () => {
  it('only the scheduler runs it; a party may ask for their own check, others get 404', async () => {
    expect((await fn('delivery-verify/run', tokenOf(creator))).status).toBe(403);
    const stranger = (await sql<{ id: string }>(`select id from app.profiles where id <> $1 and role = 'creator' limit 1`, [creator]))[0]!.id;
    expect((await fn('delivery-verify', tokenOf(stranger), { deliverable_id: deliverable })).status).toBe(404);
  });

  it('a post of another account is not_owner; an old one published_before_hire; one without the tag missing_disclosure', async () => {
    const other = await control('accounts', { platform: 'tiktok', username: 'someone.else', posts: [{ ageMs: 3600_000, caption: '#ad' }] });
    const cases: Array<[string, string]> = [
      [tiktokUrl(other.posts[0].id), 'not_owner'],
      [tiktokUrl(old), 'published_before_hire'],
      [tiktokUrl(untagged), 'missing_disclosure'],
    ];
    for (const [url, outcome] of cases) {
      await deliver(url);
      const r = await run();
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect((await check()).outcome, url).toBe(outcome);
    }
  });

  it('a TikTok share link is read through its redirect and checked as its video; one to no video names no post', async () => {
    const cases: Array<[string, string, string | null]> = [
      [`https://vm.tiktok.com/${untaggedShareCode}/`, 'missing_disclosure', untagged],
      [`https://www.tiktok.com/t/${untaggedShareCode}/`, 'missing_disclosure', untagged],
      ['https://vm.tiktok.com/ZMnosuchcode/', 'post_not_found', null],
    ];
    for (const [url, outcome, postId] of cases) {
      await deliver(url);
      const r = await run();
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const row = (await sql<{ outcome: string; post_id: string | null }>(`select outcome, post_id from app.delivery_checks where deliverable_id = $1`, [deliverable]))[0]!;
      expect([row.outcome, row.post_id], url).toEqual([outcome, postId]);
    }
  });

  it('a 429 leaves it due after Retry-After and a second run records nothing twice; then it verifies', async () => {
    await deliver(tiktokUrl(ownPost));
    await control('throttle', { platform: 'tiktok', calls: 1, retryAfterS: 120 });
    await run();
    const throttled = (await sql<{ outcome: string; attempts: number; wait: number }>(
      `select outcome, attempts, extract(epoch from next_attempt_at - now())::int as wait from app.delivery_checks where deliverable_id = $1`, [deliverable]))[0]!;
    expect(throttled.outcome).toBe('platform_unavailable');
    expect(throttled.attempts).toBe(1);
    expect(throttled.wait).toBeGreaterThan(100);
    expect(throttled.wait).toBeLessThanOrEqual(120);
    await run();
    expect((await check()).attempts).toBe(1);
    await sql(`update app.delivery_checks set next_attempt_at = now() - interval '1 second' where deliverable_id = $1`, [deliverable]);
    await run();
    expect(await check()).toMatchObject({ outcome: 'verified', attempts: 2, due: false });
    expect((await sql(`select checkpoint from app.post_snapshots where deliverable_id = $1 order by due_at`, [deliverable])).map((r) => r.checkpoint))
      .toEqual(['24h', '7d', '30d']);
  });

  it('the scheduler\'s clock (the test hook\'s `at`): a reading due by then is taken and dated then; a bad `at` is refused', async () => {
    await sql(`update app.post_snapshots set due_at = now() + interval '1 hour', next_attempt_at = null where deliverable_id = $1 and checkpoint = '24h'`, [deliverable]);
    await run();
    const taken = async () => (await sql<{ taken_at: Date | null }>(`select taken_at from app.post_snapshots where deliverable_id = $1 and checkpoint = '24h'`, [deliverable]))[0]!.taken_at;
    expect(await taken()).toBeNull();
    expect((await run({ at: 'tomorrow' })).status).toBe(400);
    const at = new Date(Date.now() + 2 * 3600_000);
    const r = await run({ at: at.toISOString() });
    expect(r, JSON.stringify(r.json)).toMatchObject({ status: 200, json: { snapshots: 1, failed: 0 } });
    expect((await taken())?.getTime()).toBe(at.getTime());
  });

  it('a reading takes the metrics; the post deleted inside 30 days is flagged and both sides are told once', async () => {
    await sql(`update app.post_snapshots set due_at = now() - interval '1 minute' where deliverable_id = $1 and checkpoint = '24h'`, [deliverable]);
    await run();
    const [first] = await sql<{ taken: boolean; is_live: boolean; saves: string | null }>(
      `select taken_at is not null as taken, is_live, saves from app.post_snapshots where deliverable_id = $1 and checkpoint = '24h'`, [deliverable]);
    expect(first).toEqual({ taken: true, is_live: true, saves: null }); // TikTok reports no saves: null, not 0
    await control(`posts/${ownPost}`, { status: 'deleted' });
    await sql(`update app.post_snapshots set due_at = now() - interval '1 minute' where deliverable_id = $1 and checkpoint = '7d'`, [deliverable]);
    await run();
    expect((await check()).removed_as).toBe('deleted');
    await sql(`update app.post_snapshots set due_at = now() - interval '1 minute' where deliverable_id = $1 and checkpoint = '30d'`, [deliverable]);
    await run();
    await run();
    const told = await sql<{ user_id: string }>(`select n.user_id from app.notifications n where n.kind = 'post_removed' and n.deliverable_id = $1 order by 1`, [deliverable]);
    const [parties] = await sql<{ creator_id: string; brand_id: string }>(`select creator_id, brand_id from app.deliverables where id = $1`, [deliverable]);
    expect(told.map((t) => t.user_id)).toEqual([parties!.creator_id, parties!.brand_id].sort());
    expect((await sql(`select count(*)::int n from app.post_snapshots where deliverable_id = $1 and taken_at is not null`, [deliverable]))[0]).toEqual({ n: 3 });
    // Each bell has its email (category work).
    expect(await sql(`select o.template, o.category from app.email_outbox o where o.notification_id in
      (select id from app.notifications where kind = 'post_removed' and deliverable_id = $1)`, [deliverable]))
      .toEqual([{ template: 'post_removed', category: 'work' }, { template: 'post_removed', category: 'work' }]);
  });
});

describe('social-connect/refresh, the daily follower refresh', () => {
  it('renews an expiring token and writes the followers the platform reports; a revoked grant is reconnect_needed', async () => {
    const yt = await control('accounts', { platform: 'youtube', username: 'proofyt', followers: 4200 });
    await connect(creator, 'youtube', yt.account.id);
    const ids = Object.fromEntries((await sql<{ platform: string; id: string }>(`select platform, id from app.social_accounts where creator_id = $1`, [creator])).map((r) => [r.platform, r.id]));
    const tokenBefore = (await sql<{ t: string }>(`select access_token t from api.social_account_tokens($1)`, [ids.tiktok]))[0]!.t;
    await sql(`update app.social_accounts set followers = case platform when 'tiktok' then 1 else followers end, followers_as_of = now() - interval '3 days' where id = any($1)`, [[ids.tiktok, ids.youtube]]);
    // The stored token expires within the 5-minute margin: the refresh renews it first.
    await sql(`update app.social_tokens set access_expires_at = now() + interval '1 minute' where account_id = $1`, [ids.tiktok]);
    await control('grants/revoke', { platform: 'youtube', accountId: yt.account.id });
    await sql(`update app.social_tokens set access_expires_at = now() - interval '1 minute' where account_id = $1`, [ids.youtube]);
    await sql(`update app.social_refresh_schedule set due_at = now() + interval '1 day'`);
    await sql(`update app.social_refresh_schedule set due_at = now() - interval '1 minute' where account_id = any($1)`, [[ids.tiktok, ids.youtube]]);

    expect((await fn('social-connect/refresh', tokenOf(creator))).status).toBe(403);
    const r = await fn('social-connect/refresh', ts.serviceRoleKey);
    expect(r, JSON.stringify(r.json)).toMatchObject({ status: 200, json: { refreshed: 1, reconnect: 1, failed: 0, deferred: 0 } });
    const rows = await sql<{ platform: string; followers: number; fresh: boolean; status: string }>(
      `select platform, followers::int, followers_as_of > now() - interval '1 minute' as fresh, status from app.social_accounts where creator_id = $1 order by platform`, [creator]);
    expect(rows).toEqual([
      { platform: 'tiktok', followers: 900, fresh: true, status: 'connected' },
      { platform: 'youtube', followers: 4200, fresh: false, status: 'reconnect_needed' },
    ]);
    expect((await sql<{ t: string }>(`select access_token t from api.social_account_tokens($1)`, [ids.tiktok]))[0]!.t).not.toBe(tokenBefore);
  });

  it('a 429 puts the account back after Retry-After instead of a day later', async () => {
    const id = (await sql<{ id: string }>(`select id from app.social_accounts where creator_id = $1 and platform = 'tiktok'`, [creator]))[0]!.id;
    await sql(`update app.social_refresh_schedule set due_at = now() - interval '1 minute' where account_id = $1`, [id]);
    await control('throttle', { platform: 'tiktok', calls: 1, retryAfterS: 300 });
    const r = await fn('social-connect/refresh', ts.serviceRoleKey);
    expect(r.json).toMatchObject({ refreshed: 0, deferred: 1 });
    const [s] = await sql<{ wait: number }>(`select extract(epoch from due_at - now())::int as wait from app.social_refresh_schedule where account_id = $1`, [id]);
    expect(s!.wait).toBeGreaterThan(240);
    expect(s!.wait).toBeLessThanOrEqual(300);
  });
});
