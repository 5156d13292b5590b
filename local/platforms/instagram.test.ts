import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PLATFORM_CLIENT_SECRET } from './index.ts';
import { consent, postForm, startDoubles, type CreatedAccount, type DoublesHarness } from './test-harness.ts';

let h: DoublesHarness;
const CLIENT = '990602627938098';
const REDIRECT = 'http://localhost:5173/connect/instagram/callback';

beforeAll(async () => {
  h = await startDoubles();
});
afterAll(() => h.close());
beforeEach(() => h.control('/reset'));

function authorizeUrl(extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ client_id: CLIENT, redirect_uri: REDIRECT, response_type: 'code', scope: 'instagram_business_basic,instagram_business_manage_insights', state: 'st-123', ...extra });
  return `${h.bases.INSTAGRAM_OAUTH_BASE}/oauth/authorize?${q}`;
}

async function creator(posts = 3, extra: Record<string, unknown> = {}) {
  return h.control<CreatedAccount>('/accounts', {
    platform: 'instagram', username: 'ana.creadora', displayName: 'Ana', followers: 15234,
    posts: Array.from({ length: posts }, (_, i) => ({ caption: `post ${i} #publi`, metrics: { views: 1000 + i, reach: 800, likes: 50, comments: 4, saves: 3, shares: 2 } })),
    ...extra,
  });
}

function exchange(code: string, redirectUri = REDIRECT) {
  return postForm(`${h.bases.INSTAGRAM_TOKEN_BASE}/oauth/access_token`, { client_id: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, grant_type: 'authorization_code', redirect_uri: redirectUri, code });
}

async function connect(accountId: string): Promise<string> {
  const { location } = await consent(authorizeUrl(), 'allow', accountId);
  const res = await exchange(location.searchParams.get('code')!);
  const body = (await res.json()) as { data: { access_token: string }[] };
  return body.data[0]!.access_token;
}

const graph = (path: string, token: string) => fetch(`${h.bases.INSTAGRAM_GRAPH_BASE}${path}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`);

describe('Instagram double: Business Login', () => {
  it('runs authorize → Allow → code → short-lived token, with the state untouched and the code single-use', async () => {
    const { account } = await creator();
    const { location, page } = await consent(authorizeUrl(), 'allow', account.id, { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' });
    expect(page).toContain('lang="pt-BR"');
    expect(page).toContain('Permitir');
    expect(page).toContain('@ana.creadora');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.hash).toBe('#_');
    const code = location.searchParams.get('code')!;

    const first = await exchange(code);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { data: { access_token: string; user_id: string; permissions: string }[] };
    expect(body.data[0]).toMatchObject({ user_id: account.id, permissions: 'instagram_business_basic,instagram_business_manage_insights' });

    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error_type: 'OAuthException', code: 400, error_message: 'This authorization code has been used.' });
  });

  it('refuses a code redeemed with another redirect_uri', async () => {
    const { account } = await creator();
    const { location } = await consent(authorizeUrl(), 'allow', account.id);
    const res = await exchange(location.searchParams.get('code')!, 'http://localhost:5173/elsewhere');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_message: string }).error_message).toMatch(/redirect_uri is identical/);
  });

  it('Deny sends the user back with error=access_denied and the state, in Spanish by default', async () => {
    const { account } = await creator();
    const { location, page } = await consent(authorizeUrl(), 'deny', account.id);
    expect(page).toContain('lang="es-419"');
    expect(page).toContain('Rechazar');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_reason')).toBe('user_denied');
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('exchanges for a 60-day token and refreshes it; an expired token is error 190 subcode 463', async () => {
    const { account } = await creator();
    const short = await connect(account.id);
    const long = await fetch(`${h.bases.INSTAGRAM_GRAPH_BASE}/access_token?grant_type=ig_exchange_token&client_secret=${LOCAL_PLATFORM_CLIENT_SECRET}&access_token=${short}`);
    const longBody = (await long.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(longBody).toMatchObject({ token_type: 'bearer', expires_in: 5184000 });

    // The short-lived token dies after an hour; the long-lived one still works.
    await h.control('/clock', { advanceMs: 3600_000 + 1000 });
    const dead = await graph('/v23.0/me?fields=user_id', short);
    expect(dead.status).toBe(400);
    expect(await dead.json()).toMatchObject({ error: { type: 'OAuthException', code: 190, error_subcode: 463 } });
    expect((await graph('/v23.0/me?fields=user_id', longBody.access_token)).status).toBe(200);

    const refreshed = await fetch(`${h.bases.INSTAGRAM_GRAPH_BASE}/refresh_access_token?grant_type=ig_refresh_token&access_token=${longBody.access_token}`);
    expect(refreshed.status).toBe(200);
    const refreshedBody = (await refreshed.json()) as { access_token: string; expires_in: number };
    expect(refreshedBody.expires_in).toBe(5184000);
    expect((await graph('/v23.0/me?fields=username', refreshedBody.access_token)).status).toBe(200);

    // A short-lived token cannot be refreshed.
    const wrong = await fetch(`${h.bases.INSTAGRAM_GRAPH_BASE}/refresh_access_token?grant_type=ig_refresh_token&access_token=${await connect(account.id)}`);
    expect(wrong.status).toBe(400);
  });

  it('a grant revoked by the user answers 190 (subcode 458) on every token', async () => {
    const { account } = await creator();
    const token = await connect(account.id);
    await h.control('/grants/revoke', { platform: 'instagram', accountId: account.id });
    const res = await graph('/v23.0/me?fields=user_id', token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 190, error_subcode: 458, type: 'OAuthException' } });
  });
});

describe('Instagram double: Graph API', () => {
  it('reads the profile with the follower count and the X-App-Usage header', async () => {
    const { account } = await creator(4);
    const token = await connect(account.id);
    const res = await graph('/v23.0/me?fields=user_id,username,followers_count,media_count', token);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers.get('x-app-usage')!)).toHaveProperty('call_count');
    expect(await res.json()).toEqual({ user_id: account.id, username: 'ana.creadora', followers_count: 15234, media_count: 4, id: account.id });
  });

  it('pages through more media than one page with cursors and next links, newest first', async () => {
    const { account, posts } = await creator(30);
    const token = await connect(account.id);
    const first = (await (await graph('/v23.0/me/media?fields=id,timestamp,permalink', token)).json()) as { data: { id: string; timestamp: string; permalink: string }[]; paging: { cursors: { after: string }; next?: string; previous?: string } };
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    expect(first.data[0]!.permalink).toMatch(/^https:\/\/www\.instagram\.com\/reel\/[\w-]+\/$/);
    expect(first.paging.previous).toBeUndefined();
    expect(first.paging.next).toContain(`${h.bases.INSTAGRAM_GRAPH_BASE}/v23.0/me/media?`);
    // The next link is followed as is (it carries the token, as Meta's do).
    const second = (await (await fetch(first.paging.next!)).json()) as { data: { id: string }[]; paging: { next?: string; previous?: string } };
    expect(second.data).toHaveLength(5);
    expect(second.paging.next).toBeUndefined();
    expect(second.paging.previous).toBeDefined();
    expect([...first.data, ...second.data].map((d) => d.id)).toEqual(posts.map((p) => p.id));
  });

  it('a deleted or archived post is error 100 subcode 33 and leaves the list', async () => {
    const { account, posts } = await creator(3);
    const token = await connect(account.id);
    await h.control(`/posts/${posts[0]!.id}`, { status: 'deleted' });
    await h.control(`/posts/${posts[1]!.id}`, { status: 'private' });
    for (const p of posts.slice(0, 2)) {
      const res = await graph(`/v23.0/${p.id}?fields=permalink,timestamp,caption,media_type,like_count,comments_count`, token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { type: 'GraphMethodException', code: 100, error_subcode: 33 } });
    }
    const list = (await (await graph('/v23.0/me/media', token)).json()) as { data: { id: string }[] };
    expect(list.data.map((d) => d.id)).toEqual([posts[2]!.id]);
  });

  it('insights are an empty data set until the delay has passed, and missing metrics are left out, not 0', async () => {
    const { account } = await creator(0);
    const token = await connect(account.id);
    const post = await h.control<{ id: string }>('/posts', { accountId: account.id, ageMs: 3600_000, metrics: { views: 120, reach: 90, likes: 7, comments: 1, shares: 2 } });
    const url = `/v23.0/${post.id}/insights?metric=views,reach,saved,shares`;
    const early = await graph(url, token);
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ data: [] });

    await h.control('/clock', { advanceMs: 48 * 3600_000 });
    const later = (await (await graph(url, await connect(account.id))).json()) as { data: { name: string; period: string; values: { value: number }[] }[] };
    // No saves were recorded: `saved` is absent rather than 0.
    expect(later.data.map((d) => [d.name, d.values[0]!.value])).toEqual([['views', 120], ['reach', 90], ['shares', 2]]);
    expect(later.data[0]!.period).toBe('lifetime');
  });

  it('rate limiting: error code 4 with Retry-After for the next N calls, then normal again', async () => {
    const { account } = await creator(1);
    const token = await connect(account.id);
    await h.control('/throttle', { platform: 'instagram', calls: 2, retryAfterS: 120 });
    for (let i = 0; i < 2; i++) {
      const res = await graph('/v23.0/me?fields=followers_count', token);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('120');
      expect(JSON.parse(res.headers.get('x-app-usage')!).call_count).toBe(100);
      expect(await res.json()).toMatchObject({ error: { code: 4, type: 'OAuthException', message: '(#4) Application request limit reached' } });
    }
    expect((await graph('/v23.0/me?fields=followers_count', token)).status).toBe(200);
  });
});
