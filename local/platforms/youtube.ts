import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleConsent, type ConsentFlow } from './consent.ts';
import { bearerToken, readForm, sendJson, sendText } from './http.ts';
import { isHttpUrl, OAuthDesk, pkceMatches, redirectWith, secretMatches } from './oauth.ts';
import { randomId, type Account, type Grant, type Post, type PlatformWorld } from './world.ts';

/**
 * Mounted at /platforms/google: `accounts` stands for accounts.google.com, `oauth2` for
 * oauth2.googleapis.com and `apis` for www.googleapis.com (the YouTube Data API's /youtube/v3).
 */
export const GOOGLE_PREFIX = '/platforms/google';
export const YOUTUBE_READONLY = 'https://www.googleapis.com/auth/youtube.readonly';

const SCOPES = [YOUTUBE_READONLY, 'https://www.googleapis.com/auth/youtube', 'openid', 'email', 'profile'];
/** maxResults: default 5, 0 to 50; videos.list takes at most 50 ids. */
const DEFAULT_MAX = 5;
const MAX_RESULTS = 50;

/** Google API errors: {"error":{"code","message","errors":[{"message","domain","reason",…}],"status"}}. */
function apiError(res: ServerResponse, code: number, status: string, reason: string, domain: string, message: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}): void {
  sendJson(res, code, { error: { code, message, errors: [{ message, domain, reason, ...extra }], status } }, headers);
}

function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  sendJson(res, status, { error, error_description: description });
}

const etag = () => randomId(20);

function pageToken(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function offsetOf(token: string): number | undefined {
  const m = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}

export function createYouTubeDouble(world: PlatformWorld) {
  const desk = new OAuthDesk(world);

  const flow: ConsentFlow = {
    platform: 'youtube',
    parse(url) {
      const clientId = url.searchParams.get('client_id');
      const redirectUri = url.searchParams.get('redirect_uri');
      // Google shows "Error 400: invalid_request" / "redirect_uri_mismatch" pages for these, never redirects.
      if (!clientId) return 'Error 400: invalid_request. Missing required parameter: client_id';
      if (!isHttpUrl(redirectUri)) return 'Error 400: redirect_uri_mismatch';
      if (url.searchParams.get('response_type') !== 'code') return 'Error 400: invalid_request. Invalid response_type';
      const scopes = (url.searchParams.get('scope') ?? '').split(/\s+/).filter(Boolean);
      const unknown = scopes.find((s) => !SCOPES.includes(s));
      if (!scopes.length || unknown) return `Error 400: invalid_scope. Some requested scopes were invalid: ${unknown ?? '(none)'}`;
      const challenge = url.searchParams.get('code_challenge') ?? undefined;
      const method = url.searchParams.get('code_challenge_method') ?? (challenge ? 'plain' : undefined);
      if (method && method !== 'S256' && method !== 'plain') return 'Error 400: invalid_request. Invalid code_challenge_method';
      return {
        clientId, redirectUri, scopes, state: url.searchParams.get('state') ?? undefined, codeChallenge: challenge, codeChallengeMethod: method,
        offline: url.searchParams.get('access_type') === 'offline',
      };
    },
    allowed: (p, code) => redirectWith(p.redirectUri, { state: p.state, code: code.code, scope: p.scopes.join(' ') }),
    denied: (p) => redirectWith(p.redirectUri, { error: 'access_denied', state: p.state }),
  };

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (!form.get('client_id') || !secretMatches(form.get('client_secret'))) return oauthError(res, 401, 'invalid_client', 'Unauthorized');
    const s = world.settings.youtube;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const redeemed = desk.redeem(form.get('code'), 'youtube', form.get('client_id'));
      if ('problem' in redeemed) return oauthError(res, 400, redeemed.problem === 'client' ? 'unauthorized_client' : 'invalid_grant', 'Bad Request');
      const code = redeemed.code;
      if (form.get('redirect_uri') !== code.redirectUri) return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (code.codeChallenge) {
        if (!form.get('code_verifier')) return oauthError(res, 400, 'invalid_grant', 'Missing code verifier.');
        if (!pkceMatches(form.get('code_verifier'), code.codeChallenge, code.codeChallengeMethod)) return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      const grant: Grant = { id: randomId(), platform: 'youtube', accountId: code.accountId, clientId: code.clientId, scopes: code.scopes, revoked: false };
      world.grants.set(grant.id, grant);
      const access = world.issueToken(grant.id, 'access', s.accessTtlS, `ya29.${randomId(40)}`);
      // A refresh token only for access_type=offline.
      const refresh = code.offline ? world.issueToken(grant.id, 'refresh', s.refreshTtlS, `1//${randomId(40)}`) : undefined;
      return sendJson(res, 200, {
        access_token: access.value, expires_in: s.accessTtlS, ...(refresh ? { refresh_token: refresh.value } : {}),
        scope: grant.scopes.join(' '), token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const r = world.resolve(form.get('refresh_token') ?? undefined, 'refresh');
      if ('problem' in r) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      if (r.grant.clientId !== form.get('client_id')) return oauthError(res, 400, 'unauthorized_client', 'Unauthorized');
      // Not rotating: Google answers no new refresh_token, the one sent stays valid.
      const access = world.issueToken(r.grant.id, 'access', s.accessTtlS, `ya29.${randomId(40)}`);
      return sendJson(res, 200, { access_token: access.value, expires_in: s.accessTtlS, scope: r.grant.scopes.join(' '), token_type: 'Bearer' });
    }
    return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type: ' + (grantType ?? ''));
  }

  async function revoke(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const form = await readForm(req);
    const value = url.searchParams.get('token') ?? form.get('token');
    const t = value ? world.tokens.get(value) : undefined;
    const grant = t ? world.grants.get(t.grantId) : undefined;
    if (!t || !grant || grant.revoked || t.expiresAtMs <= world.now()) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
    // Revoking either token ends the grant: the access token and the refresh token both stop working.
    grant.revoked = true;
    sendJson(res, 200, {});
  }

  function authorize(req: IncomingMessage, res: ServerResponse): { grant: Grant; account: Account } | undefined {
    const r = world.resolve(bearerToken(req), 'access');
    const account = 'problem' in r ? undefined : world.accounts.get(r.grant.accountId);
    if ('problem' in r || !account) {
      apiError(
        res, 401, 'UNAUTHENTICATED', 'authError', 'global',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        { location: 'Authorization', locationType: 'header' },
      );
      return undefined;
    }
    return { grant: r.grant, account };
  }

  function parts(url: URL): Set<string> {
    return new Set((url.searchParams.get('part') ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  }

  function maxResults(res: ServerResponse, url: URL): number | undefined {
    const text = url.searchParams.get('maxResults');
    const n = text === null ? DEFAULT_MAX : Number(text);
    if (!Number.isInteger(n) || n < 0 || n > MAX_RESULTS) {
      apiError(res, 400, 'INVALID_ARGUMENT', 'invalidParameter', 'youtube.parameter', `Invalid value '${text}'. Values must be within the range: [0, ${MAX_RESULTS}]`, {}, { location: 'maxResults', locationType: 'parameter' });
      return undefined;
    }
    return n;
  }

  const uploadsOf = (account: Account) => `UU${account.id.slice(2)}`;

  function videoResource(post: Post, account: Account, want: Set<string>): Record<string, unknown> {
    const item: Record<string, unknown> = { kind: 'youtube#video', etag: etag(), id: post.id };
    if (want.has('snippet')) {
      item.snippet = { publishedAt: new Date(post.createdAtMs).toISOString(), channelId: account.id, title: post.caption.slice(0, 100), description: post.caption, channelTitle: account.displayName };
    }
    if (want.has('status')) item.status = { uploadStatus: 'processed', privacyStatus: post.status === 'private' ? 'private' : 'public' };
    if (want.has('statistics')) {
      const m = world.reportedMetrics(post);
      // Counts are strings; likeCount/commentCount are absent when hidden or disabled, never "0" instead.
      const stats: Record<string, string> = {};
      if (m.views !== undefined) stats.viewCount = String(m.views);
      if (m.likes !== undefined) stats.likeCount = String(m.likes);
      stats.favoriteCount = '0';
      if (m.comments !== undefined) stats.commentCount = String(m.comments);
      item.statistics = stats;
    }
    return item;
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, path: string): void {
    const throttle = world.takeThrottle('youtube');
    if (throttle?.kind === 'quota') {
      return apiError(res, 403, 'PERMISSION_DENIED', 'quotaExceeded', 'youtube.quota', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.');
    }
    if (throttle) {
      return apiError(res, 429, 'RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'youtube.quota', 'The request cannot be completed because you have exceeded your quota for this period.', { 'Retry-After': String(throttle.retryAfterS) });
    }
    const who = authorize(req, res);
    if (!who) return;
    const { account, grant } = who;
    if (!grant.scopes.some((s) => s.startsWith('https://www.googleapis.com/auth/youtube'))) {
      return apiError(res, 403, 'PERMISSION_DENIED', 'insufficientPermissions', 'global', 'Request had insufficient authentication scopes.');
    }
    const want = parts(url);
    if (!want.size) return apiError(res, 400, 'INVALID_ARGUMENT', 'required', 'global', 'Required parameter: part', {}, { location: 'part', locationType: 'parameter' });
    if (path === '/youtube/v3/channels') {
      if (url.searchParams.get('mine') !== 'true') return apiError(res, 400, 'INVALID_ARGUMENT', 'missingRequiredParameter', 'youtube.parameter', 'No filter selected. Expected one of: mine, id, forHandle, forUsername');
      const item: Record<string, unknown> = { kind: 'youtube#channel', etag: etag(), id: account.id };
      if (want.has('snippet')) item.snippet = { title: account.displayName, description: '', customUrl: `@${account.username}`, publishedAt: '2020-01-01T00:00:00Z' };
      if (want.has('contentDetails')) item.contentDetails = { relatedPlaylists: { likes: '', uploads: uploadsOf(account) } };
      if (want.has('statistics')) {
        item.statistics = {
          viewCount: String(account.likes),
          ...(account.hiddenFollowers ? {} : { subscriberCount: String(account.followers) }),
          hiddenSubscriberCount: account.hiddenFollowers,
          videoCount: String(world.visiblePosts(account, false).length),
        };
      }
      return sendJson(res, 200, { kind: 'youtube#channelListResponse', etag: etag(), pageInfo: { totalResults: 1, resultsPerPage: 5 }, items: [item] });
    }
    if (path === '/youtube/v3/playlistItems') {
      const max = maxResults(res, url);
      if (max === undefined) return;
      if (url.searchParams.get('playlistId') !== uploadsOf(account)) {
        return apiError(res, 404, 'NOT_FOUND', 'playlistNotFound', 'youtube.playlistItem', "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.", {}, { location: 'playlistId', locationType: 'parameter' });
      }
      // The owner's uploads playlist holds their private videos too; deleted ones are gone.
      const all = world.visiblePosts(account, true);
      const tokenText = url.searchParams.get('pageToken');
      const offset = tokenText ? offsetOf(tokenText) : 0;
      if (offset === undefined) return apiError(res, 400, 'INVALID_ARGUMENT', 'invalidPageToken', 'youtube.parameter', 'The request specifies an invalid page token.', {}, { location: 'pageToken', locationType: 'parameter' });
      const page = all.slice(offset, offset + max);
      const items = page.map((p, i) => ({
        kind: 'youtube#playlistItem', etag: etag(), id: randomId(16),
        ...(want.has('snippet') ? { snippet: { publishedAt: new Date(p.createdAtMs).toISOString(), channelId: account.id, title: p.caption.slice(0, 100), playlistId: uploadsOf(account), position: offset + i, resourceId: { kind: 'youtube#video', videoId: p.id } } } : {}),
        ...(want.has('contentDetails') ? { contentDetails: { videoId: p.id, videoPublishedAt: new Date(p.createdAtMs).toISOString() } } : {}),
        ...(want.has('status') ? { status: { privacyStatus: p.status === 'private' ? 'private' : 'public' } } : {}),
      }));
      return sendJson(res, 200, {
        kind: 'youtube#playlistItemListResponse', etag: etag(),
        ...(offset + max < all.length ? { nextPageToken: pageToken(offset + max) } : {}),
        ...(offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - max)) } : {}),
        items, pageInfo: { totalResults: all.length, resultsPerPage: max },
      });
    }
    if (path === '/youtube/v3/videos') {
      const ids = (url.searchParams.get('id') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      if (!ids.length) return apiError(res, 400, 'INVALID_ARGUMENT', 'missingRequiredParameter', 'youtube.parameter', 'No filter selected. Expected one of: id, myRating, chart');
      if (ids.length > MAX_RESULTS) return apiError(res, 400, 'INVALID_ARGUMENT', 'invalidParameter', 'youtube.parameter', `Too many ids: at most ${MAX_RESULTS}.`);
      // Deleted videos, and other channels' private ones, are simply missing from items: no 404.
      const items = ids
        .map((id) => world.posts.get(id))
        .filter((p): p is Post => p !== undefined && p.platform === 'youtube' && (p.status === 'live' || (p.status === 'private' && p.accountId === account.id)))
        .map((p) => videoResource(p, world.accounts.get(p.accountId)!, want));
      return sendJson(res, 200, { kind: 'youtube#videoListResponse', etag: etag(), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
    }
    return apiError(res, 404, 'NOT_FOUND', 'notFound', 'global', 'Not Found');
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      if (path === '/accounts/o/oauth2/v2/auth') return handleConsent(flow, world, desk, req, res, url);
      if (path === '/oauth2/token') return req.method === 'POST' ? token(req, res) : oauthError(res, 405, 'invalid_request', 'Use POST.');
      if (path === '/oauth2/revoke') return req.method === 'POST' ? revoke(req, res, url) : oauthError(res, 405, 'invalid_request', 'Use POST.');
      if (path.startsWith('/apis/youtube/v3/')) {
        if (req.method !== 'GET') return apiError(res, 405, 'INVALID_ARGUMENT', 'methodNotAllowed', 'global', 'Method not allowed');
        return api(req, res, url, path.slice('/apis'.length));
      }
      return sendText(res, 404, 'Not Found');
    },
  };
}
