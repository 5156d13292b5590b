import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PLATFORM_CLIENT_SECRET } from './index.ts';
import { consent, pkcePair, postForm, startDoubles, type CreatedAccount, type DoublesHarness } from './test-harness.ts';

let h: DoublesHarness;
const CLIENT = 'awlocalclientkey';
const REDIRECT = 'https://marketplace.test/connect/tiktok/callback/';
const SCOPES = 'user.info.basic,user.info.profile,user.info.stats,video.list';

beforeAll(async () => {
  h = await startDoubles();
});
afterAll(() => h.close());
beforeEach(() => h.control('/reset'));

function authorizeUrl(extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ client_key: CLIENT, scope: SCOPES, response_type: 'code', redirect_uri: REDIRECT, state: 'tk-state', ...extra });
  return `${h.bases.TIKTOK_AUTH_BASE}/v2/auth/authorize/?${q}`;
}

async function creator(posts = 3) {
  return h.control<CreatedAccount>('/accounts', {
    platform: 'tiktok', username: 'joao.cria', displayName: 'João', followers: 88000, following: 12, likes: 450000,
    posts: Array.from({ length: posts }, (_, i) => ({ caption: `video ${i} #publicidade`, metrics: { views: 5000 + i, likes: 300, comments: 12, shares: 9 } })),
  });
}

const tokenUrl = () => `${h.bases.TIKTOK_API_BASE}/v2/oauth/token/`;

function exchange(code: string, extra: Record<string, string> = {}) {
  return postForm(tokenUrl(), { client_key: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, code, grant_type: 'authorization_code', redirect_uri: REDIRECT, ...extra });
}

interface Tokens { access_token: string; refresh_token: string; expires_in: number; refresh_expires_in: number; open_id: string; scope: string; token_type: string }

async function connect(accountId: string): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const { location } = await consent(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }), 'allow', accountId);
  return (await (await exchange(location.searchParams.get('code')!, { code_verifier: verifier })).json()) as Tokens;
}

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${h.bases.TIKTOK_API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('TikTok double: Login Kit', () => {
  it('runs authorize (PKCE) → Allow → code → tokens; the code is single-use and the state untouched', async () => {
    const { account } = await creator();
    const { verifier, challenge } = pkcePair();
    const { location, page } = await consent(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }), 'allow', account.id, { 'accept-language': 'en-US,en;q=0.8' });
    expect(page).toContain('lang="en"');
    expect(page).toContain('Allow');
    expect(location.searchParams.get('state')).toBe('tk-state');
    expect(location.searchParams.get('scopes')).toBe(SCOPES);
    const code = location.searchParams.get('code')!;
    const res = await exchange(code, { code_verifier: verifier });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ open_id: account.id, scope: SCOPES, token_type: 'Bearer', expires_in: 7200, refresh_expires_in: 180 * 86400 });
    const again = await exchange(code, { code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong code_verifier, a missing one, and another redirect_uri', async () => {
    const { account } = await creator();
    const { challenge } = pkcePair();
    for (const extra of [{ code_verifier: pkcePair().verifier }, {}] as Record<string, string>[]) {
      const { location } = await consent(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }), 'allow', account.id);
      const res = await exchange(location.searchParams.get('code')!, extra);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: 'Code verifier or code challenge is invalid.' });
    }
    const { location } = await consent(authorizeUrl(), 'allow', account.id);
    const res = await exchange(location.searchParams.get('code')!, { redirect_uri: 'https://marketplace.test/other/' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('accepts the hex-encoded SHA-256 challenge of TikTok’s desktop guide too', async () => {
    const { account } = await creator();
    const verifier = 'a'.repeat(64);
    const { location } = await consent(authorizeUrl({ code_challenge: createHash('sha256').update(verifier).digest('hex'), code_challenge_method: 'S256' }), 'allow', account.id);
    expect((await exchange(location.searchParams.get('code')!, { code_verifier: verifier })).status).toBe(200);
  });

  it('Deny redirects with error=access_denied and the state', async () => {
    const { account } = await creator();
    const { location, page } = await consent(authorizeUrl({ locale: 'es' }), 'deny', account.id);
    expect(page).toContain('Rechazar');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('tk-state');
  });

  it('an expired access token is access_token_invalid; refresh rotates the refresh token', async () => {
    const { account } = await creator();
    const first = await connect(account.id);
    await h.control('/tokens/expire', { token: first.access_token });
    const dead = await api('/v2/user/info/?fields=open_id', first.access_token);
    expect(dead.status).toBe(401);
    expect(await dead.json()).toMatchObject({ data: {}, error: { code: 'access_token_invalid' } });

    const refresh = (fields: Record<string, string>) => postForm(tokenUrl(), { client_key: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, grant_type: 'refresh_token', ...fields });
    const renewed = (await (await refresh({ refresh_token: first.refresh_token })).json()) as Tokens;
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect((await api('/v2/user/info/?fields=open_id', renewed.access_token)).status).toBe(200);
    // The old refresh token stopped working when the new one was issued.
    const reused = await refresh({ refresh_token: first.refresh_token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a short TTL set through the controls expires the token with the clock', async () => {
    const { account } = await creator();
    await h.control('/settings', { platform: 'tiktok', accessTtlS: 60 });
    const t = await connect(account.id);
    expect(t.expires_in).toBe(60);
    await h.control('/clock', { advanceMs: 61_000 });
    expect((await api('/v2/user/info/?fields=open_id', t.access_token)).status).toBe(401);
  });

  it('revoke ends the authorization: the access and the refresh token both fail', async () => {
    const { account } = await creator();
    const t = await connect(account.id);
    const res = await postForm(`${h.bases.TIKTOK_API_BASE}/v2/oauth/revoke/`, { client_key: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, token: t.access_token });
    expect(res.status).toBe(200);
    expect((await api('/v2/user/info/?fields=open_id', t.access_token)).status).toBe(401);
    const refresh = await postForm(tokenUrl(), { client_key: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('TikTok double: Display API', () => {
  it('user info with follower count; stats fields need user.info.stats', async () => {
    const { account } = await creator(2);
    const t = await connect(account.id);
    const res = await api('/v2/user/info/?fields=open_id,display_name,username,follower_count,following_count,likes_count,video_count', t.access_token);
    expect(await res.json()).toMatchObject({
      data: { user: { open_id: account.id, display_name: 'João', username: 'joao.cria', follower_count: 88000, following_count: 12, likes_count: 450000, video_count: 2 } },
      error: { code: 'ok', message: '' },
    });

    const { location } = await consent(authorizeUrl({ scope: 'user.info.basic' }), 'allow', account.id);
    const basic = (await (await exchange(location.searchParams.get('code')!)).json()) as Tokens;
    const refused = await api('/v2/user/info/?fields=follower_count', basic.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'scope_not_authorized' } });
  });

  it('video list pages by the time cursor, at most 20 a page; deleted and private videos are left out', async () => {
    const { account, posts } = await creator(25);
    const t = await connect(account.id);
    const fields = 'id,create_time,share_url,view_count,like_count,comment_count,share_count';
    const tooMany = await api(`/v2/video/list/?fields=${fields}`, t.access_token, { max_count: 21 });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: { code: 'invalid_params' } });

    await h.control(`/posts/${posts[3]!.id}`, { status: 'deleted' });
    await h.control(`/posts/${posts[4]!.id}`, { status: 'private' });
    const seen: string[] = [];
    let cursor: number | undefined;
    let pages = 0;
    for (;;) {
      const body = (await (await api(`/v2/video/list/?fields=${fields}`, t.access_token, { max_count: 20, ...(cursor ? { cursor } : {}) })).json()) as { data: { videos: { id: string; share_url: string }[]; cursor: number; has_more: boolean } };
      pages += 1;
      seen.push(...body.data.videos.map((v) => v.id));
      if (!body.data.has_more) break;
      cursor = body.data.cursor;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(posts.filter((_, i) => i !== 3 && i !== 4).map((p) => p.id));
  });

  it('video query answers only the ids still public; counts without data are absent, not 0', async () => {
    const { account, posts } = await creator(2);
    const t = await connect(account.id);
    await h.control(`/posts/${posts[1]!.id}`, { status: 'deleted' });
    await h.control('/settings', { platform: 'tiktok', insightsDelayMs: 3600_000 });
    const fresh = await h.control<{ id: string }>('/posts', { accountId: account.id, ageMs: 60_000, metrics: { views: 10 } });
    const res = await api('/v2/video/query/?fields=id,view_count,like_count,share_url', t.access_token, { filters: { video_ids: [posts[0]!.id, posts[1]!.id, fresh.id] } });
    const body = (await res.json()) as { data: { videos: Record<string, unknown>[] } };
    expect(body.data.videos).toEqual([
      { id: fresh.id, share_url: `https://www.tiktok.com/@joao.cria/video/${fresh.id}` },
      { id: posts[0]!.id, view_count: 5000, like_count: 300, share_url: `https://www.tiktok.com/@joao.cria/video/${posts[0]!.id}` },
    ]);
  });

  it('rate limiting: 429 rate_limit_exceeded with Retry-After', async () => {
    const { account } = await creator(1);
    const t = await connect(account.id);
    await h.control('/throttle', { platform: 'tiktok', calls: 1, retryAfterS: 30 });
    const res = await api('/v2/user/info/?fields=open_id', t.access_token);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toMatchObject({ data: {}, error: { code: 'rate_limit_exceeded' } });
    expect((await api('/v2/user/info/?fields=open_id', t.access_token)).status).toBe(200);
  });

  it('share links: vm., vt. and www.tiktok.com/t/ answer a 301 to the video page; an unknown code 404; throttled 429', async () => {
    const { account, posts } = await creator(1);
    const code = posts[0]!.shortCode!;
    expect(code).toMatch(/^ZM[A-Za-z0-9_-]+$/);
    for (const base of [h.bases.TIKTOK_VM_BASE, h.bases.TIKTOK_VT_BASE, `${h.bases.TIKTOK_WEB_BASE}/t`]) {
      const res = await fetch(`${base}/${code}/`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toMatch(new RegExp(`^https://www\\.tiktok\\.com/@joao\\.cria/video/${posts[0]!.id}\\?`));
    }
    expect((await fetch(`${h.bases.TIKTOK_VM_BASE}/ZMnosuch/`, { redirect: 'manual' })).status).toBe(404);
    await h.control('/throttle', { platform: 'tiktok', calls: 1, retryAfterS: 30 });
    const busy = await fetch(`${h.bases.TIKTOK_VM_BASE}/${code}/`, { redirect: 'manual' });
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '30']);
    expect(account.username).toBe('joao.cria');
  });
});
