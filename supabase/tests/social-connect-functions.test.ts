import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../testkit/db/personas.ts';
import { signJwt } from '../../testkit/runtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The social-connect edge function (real Deno) against the platform doubles (decisions 0052, 0053): a
// creator connects each platform through its consent page, the callback stores the verified handle and
// followers, refusals come back as a result the Settings page shows, and disconnecting revokes and deletes.

let ts: TestStack;
const tokenOf = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
// Creators with no seeded connected accounts (the seed connects c01, c02, c05, c07, c09).
const sofia = ids.creatorN(6);
const mateo = ids.creatorN(8);

async function post(path: string, sub: string | undefined, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${ts.url}/functions/v1/social-connect/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: ts.anonKey, ...(sub ? { authorization: `Bearer ${tokenOf(sub)}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() as Record<string, unknown> };
}

async function control(path: string, body: unknown): Promise<any> {
  const res = await fetch(`${ts.url}/platforms/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** Answers the double's consent page as a person would (its form: pending, account, decision). */
async function consent(authorizeUrl: string, decision: 'allow' | 'deny', account?: string): Promise<{ location: URL }> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const pending = /name="pending" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(pending).toBeTruthy();
  const answer = await fetch(authorizeUrl, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pending: pending!, decision, ...(account ? { account } : {}) }),
  });
  expect(answer.status).toBe(302);
  return { location: new URL(answer.headers.get('location')!) };
}

/** Start, consent on the double, follow the redirect to the callback; returns the Settings URL it sends back to. */
async function connect(sub: string, platform: string, account: string | undefined, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const start = await post('start', sub, { platform, locale: 'en' });
  expect(start.status).toBe(200);
  const { location } = await consent(String(start.json.url), decision, account);
  expect(location.pathname).toBe('/functions/v1/social-connect/callback');
  const cb = await fetch(location, { redirect: 'manual' });
  expect(cb.status).toBe(302);
  return new URL(cb.headers.get('location')!, 'http://site.test');
}

const accountsOf = async (creator: string) =>
  (await ts.database.db.query(`select platform, handle, followers::int, status from app.social_accounts where creator_id = $1 order by platform`, [creator])).rows;

beforeAll(async () => {
  ts = await startTestStack({ seed: true, log: (l) => { if (process.env.DEBUG_STACK) console.log(l); } });
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('a creator connects each platform through its consent page', () => {
  it.each([
    ['instagram', 'sofia.ig', 48210, false],
    ['tiktok', 'sofia.tt', 120000, false],
    ['youtube', 'sofiayt', 5300, true],
  ] as const)('%s: handle and followers verified, tokens stored encrypted', async (platform, username, followers, hidden) => {
    const { account } = await control('accounts', { platform, username, followers, ...(hidden ? { hiddenFollowers: true } : {}) });
    const back = await connect(sofia, platform, account.id);
    expect(Object.fromEntries(back.searchParams)).toEqual({ social: platform, result: 'connected' });
    const rows = await accountsOf(sofia);
    expect(rows).toContainEqual({ platform, handle: username, followers: hidden ? null : followers, status: 'connected' });
    const raw = await ts.database.db.query<{ a: string }>(`select encode(t.access_token_encrypted, 'escape') a from app.social_tokens t
      join app.social_accounts s on s.id = t.account_id where s.creator_id = $1 and s.platform = $2`, [sofia, platform]);
    expect(raw.rows).toHaveLength(1);
  });
});

describe('refusals are each a clear result', () => {
  it('deny on the consent page: denied, nothing stored', async () => {
    const { account } = await control('accounts', { platform: 'tiktok', username: 'mateo.deny', followers: 10 });
    const back = await connect(mateo, 'tiktok', account.id, 'deny');
    expect(back.searchParams.get('result')).toBe('denied');
    expect(await accountsOf(mateo)).toEqual([]);
  });

  it('a used or unknown state: state_invalid', async () => {
    const res = await fetch(`${ts.url}/functions/v1/social-connect/callback?code=x&state=forged`, { redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBe(302);
    expect(new URL(res.headers.get('location')!, 'http://site.test').searchParams.get('result')).toBe('state_invalid');
  });

  it('an account another creator already connected: account_taken', async () => {
    const { account } = await control('accounts', { platform: 'instagram', username: 'shared.ig', followers: 7 });
    const third = ids.creatorN(3);
    expect((await connect(third, 'instagram', account.id)).searchParams.get('result')).toBe('connected');
    expect((await connect(ids.creatorN(4), 'instagram', account.id)).searchParams.get('result')).toBe('account_taken');
  });

  it('brands, signed-out callers and unknown platforms are refused at start', async () => {
    expect((await post('start', ids.brand, { platform: 'tiktok' })).json.code).toBe('not_creator');
    expect((await post('start', undefined, { platform: 'tiktok' })).status).toBe(401);
    expect((await post('start', sofia, { platform: 'facebook' })).status).toBe(400);
  });
});

describe('disconnect', () => {
  it('revokes the grant where the platform can, then deletes the account and its tokens', async () => {
    const { account } = await control('accounts', { platform: 'youtube', username: 'mateo.yt', followers: 99 });
    expect((await connect(mateo, 'youtube', account.id)).searchParams.get('result')).toBe('connected');
    const res = await post('disconnect', mateo, { platform: 'youtube' });
    expect(res, JSON.stringify(res.json)).toEqual({ status: 200, json: { disconnected: true, revoked: true } });
    expect(await accountsOf(mateo)).toEqual([]);
    expect((await post('disconnect', mateo, { platform: 'youtube' })).status).toBe(404);
  });

  it('Instagram has no revoke endpoint: only our copy goes', async () => {
    const { account } = await control('accounts', { platform: 'instagram', username: 'mateo.ig', followers: 5 });
    expect((await connect(mateo, 'instagram', account.id)).searchParams.get('result')).toBe('connected');
    expect(await post('disconnect', mateo, { platform: 'instagram' })).toEqual({ status: 200, json: { disconnected: true, revoked: false } });
  });
});
