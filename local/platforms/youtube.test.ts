import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PLATFORM_CLIENT_SECRET } from './index.ts';
import { consent, pkcePair, postForm, startDoubles, type CreatedAccount, type DoublesHarness } from './test-harness.ts';
import { YOUTUBE_READONLY } from './youtube.ts';

let h: DoublesHarness;
const CLIENT = '1234-local.apps.googleusercontent.com';
const REDIRECT = 'http://localhost:5173/connect/youtube/callback';

beforeAll(async () => {
  h = await startDoubles();
});
afterAll(() => h.close());
beforeEach(() => h.control('/reset'));

function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_id: CLIENT, redirect_uri: REDIRECT, response_type: 'code', scope: YOUTUBE_READONLY, access_type: 'offline',
    state: 'yt-state', code_challenge: challenge, code_challenge_method: 'S256', ...extra,
  });
  return `${h.bases.GOOGLE_AUTH_BASE}/o/oauth2/v2/auth?${q}`;
}

async function channel(videos = 3, extra: Record<string, unknown> = {}) {
  return h.control<CreatedAccount>('/accounts', {
    platform: 'youtube', username: 'canaldaana', displayName: 'Canal da Ana', followers: 120500, likes: 9_000_000,
    posts: Array.from({ length: videos }, (_, i) => ({ caption: `vídeo ${i}`, metrics: { views: 20000 + i, likes: 900, comments: 40 } })),
    ...extra,
  });
}

const tokenUrl = () => `${h.bases.GOOGLE_TOKEN_BASE}/token`;
const exchange = (code: string, verifier: string, redirectUri = REDIRECT) =>
  postForm(tokenUrl(), { code, client_id: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, redirect_uri: redirectUri, grant_type: 'authorization_code', code_verifier: verifier });

interface Tokens { access_token: string; refresh_token?: string; expires_in: number; scope: string; token_type: string }

async function connect(accountId: string): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const { location } = await consent(authorizeUrl(challenge), 'allow', accountId);
  return (await (await exchange(location.searchParams.get('code')!, verifier)).json()) as Tokens;
}

const yt = (path: string, token: string) => fetch(`${h.bases.YOUTUBE_API_BASE}/youtube/v3${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('YouTube double: Google OAuth', () => {
  it('runs authorize (PKCE, offline) → Allow → code → access and refresh token; the code is single-use', async () => {
    const { account } = await channel();
    const { verifier, challenge } = pkcePair();
    const { location, page } = await consent(authorizeUrl(challenge, { hl: 'pt-BR' }), 'allow', account.id);
    expect(page).toContain('lang="pt-BR"');
    expect(page).toContain('sua conta do YouTube');
    expect(location.searchParams.get('state')).toBe('yt-state');
    expect(location.searchParams.get('scope')).toBe(YOUTUBE_READONLY);
    const code = location.searchParams.get('code')!;
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Tokens;
    expect(body).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: YOUTUBE_READONLY });
    expect(body.refresh_token).toMatch(/^1\/\//);
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
  });

  it('refuses a bad code_verifier and another redirect_uri', async () => {
    const { account } = await channel();
    const { challenge } = pkcePair();
    const first = await consent(authorizeUrl(challenge), 'allow', account.id);
    const bad = await exchange(first.location.searchParams.get('code')!, pkcePair().verifier);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });

    const pair = pkcePair();
    const second = await consent(authorizeUrl(pair.challenge), 'allow', account.id);
    const mismatch = await exchange(second.location.searchParams.get('code')!, pair.verifier, 'http://localhost:5173/other');
    expect(await mismatch.json()).toMatchObject({ error: 'redirect_uri_mismatch' });
  });

  it('Deny redirects with error=access_denied and the state', async () => {
    const { account } = await channel();
    const { location } = await consent(authorizeUrl(pkcePair().challenge), 'deny', account.id);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('yt-state');
  });

  it('an expired access token is 401 UNAUTHENTICATED; refresh gives a new one and keeps the refresh token', async () => {
    const { account } = await channel();
    const t = await connect(account.id);
    await h.control('/clock', { advanceMs: 3600_000 });
    const dead = await yt('/channels?part=statistics&mine=true', t.access_token);
    expect(dead.status).toBe(401);
    expect(await dead.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] } });

    const refreshed = await postForm(tokenUrl(), { client_id: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: t.refresh_token! });
    const body = (await refreshed.json()) as Tokens;
    expect(body.refresh_token).toBeUndefined();
    expect((await yt('/channels?part=statistics&mine=true', body.access_token)).status).toBe(200);
    // Not rotating: the same refresh token works again.
    expect((await postForm(tokenUrl(), { client_id: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: t.refresh_token! })).status).toBe(200);
  });

  it('revoke ends the grant: API 401 and refresh invalid_grant', async () => {
    const { account } = await channel();
    const t = await connect(account.id);
    const res = await fetch(`${h.bases.GOOGLE_TOKEN_BASE}/revoke?token=${encodeURIComponent(t.refresh_token!)}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await yt('/channels?part=statistics&mine=true', t.access_token)).status).toBe(401);
    const refresh = await postForm(tokenUrl(), { client_id: CLIENT, client_secret: LOCAL_PLATFORM_CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: t.refresh_token! });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  });
});

describe('YouTube double: Data API v3', () => {
  it('channel statistics as strings, subscriberCount absent when hidden', async () => {
    const { account } = await channel(2);
    const t = await connect(account.id);
    const body = (await (await yt('/channels?part=snippet,statistics,contentDetails&mine=true', t.access_token)).json()) as { items: { id: string; snippet: { customUrl: string }; statistics: Record<string, unknown>; contentDetails: { relatedPlaylists: { uploads: string } } }[] };
    expect(body.items[0]!.id).toBe(account.id);
    expect(body.items[0]!.snippet.customUrl).toBe('@canaldaana');
    expect(body.items[0]!.statistics).toEqual({ viewCount: '9000000', subscriberCount: '120500', hiddenSubscriberCount: false, videoCount: '2' });

    const hidden = await channel(0, { username: 'oculto', hiddenFollowers: true });
    const t2 = await connect(hidden.account.id);
    const stats = ((await (await yt('/channels?part=statistics&mine=true', t2.access_token)).json()) as { items: { statistics: Record<string, unknown> }[] }).items[0]!.statistics;
    expect(stats).not.toHaveProperty('subscriberCount');
    expect(stats.hiddenSubscriberCount).toBe(true);
  });

  it('pages the uploads playlist with pageToken (max 50), then reads statistics of up to 50 ids; a deleted video is just missing', async () => {
    const { account, posts } = await channel(60);
    const t = await connect(account.id);
    const uploads = `UU${account.id.slice(2)}`;
    expect((await yt(`/playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=51`, t.access_token)).status).toBe(400);
    await h.control(`/posts/${posts[10]!.id}`, { status: 'deleted' });
    const ids: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const body = (await (await yt(`/playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=50${token ? `&pageToken=${token}` : ''}`, t.access_token)).json()) as { items: { contentDetails: { videoId: string } }[]; nextPageToken?: string; pageInfo: { totalResults: number } };
      expect(body.pageInfo.totalResults).toBe(59);
      ids.push(...body.items.map((i) => i.contentDetails.videoId));
      token = body.nextPageToken;
      pages += 1;
    } while (token);
    expect(pages).toBe(2);
    expect(ids).toEqual(posts.filter((_, i) => i !== 10).map((p) => p.id));

    const asked = [posts[0]!.id, posts[10]!.id];
    const videos = (await (await yt(`/videos?part=statistics,status&id=${asked.join(',')}`, t.access_token)).json()) as { items: { id: string; statistics: Record<string, string>; status: { privacyStatus: string } }[] };
    expect(videos.items.map((v) => v.id)).toEqual([posts[0]!.id]);
    expect(videos.items[0]!.statistics).toEqual({ viewCount: '20000', likeCount: '900', favoriteCount: '0', commentCount: '40' });
  });

  it('a private video stays readable by its owner with privacyStatus private', async () => {
    const { account, posts } = await channel(1);
    const t = await connect(account.id);
    await h.control(`/posts/${posts[0]!.id}`, { status: 'private' });
    const body = (await (await yt(`/videos?part=status&id=${posts[0]!.id}`, t.access_token)).json()) as { items: { status: { privacyStatus: string } }[] };
    expect(body.items[0]!.status.privacyStatus).toBe('private');
  });

  it('rate limiting: 429 rateLimitExceeded with Retry-After; the daily quota: 403 quotaExceeded', async () => {
    const { account } = await channel(1);
    const t = await connect(account.id);
    await h.control('/throttle', { platform: 'youtube', calls: 1, retryAfterS: 10 });
    const limited = await yt('/channels?part=statistics&mine=true', t.access_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect(await limited.json()).toMatchObject({ error: { code: 429, errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.quota' }] } });

    await h.control('/throttle', { platform: 'youtube', calls: 1, kind: 'quota' });
    const quota = await yt('/channels?part=statistics&mine=true', t.access_token);
    expect(quota.status).toBe(403);
    expect(await quota.json()).toMatchObject({ error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } });
    expect((await yt('/channels?part=statistics&mine=true', t.access_token)).status).toBe(200);
  });
});
