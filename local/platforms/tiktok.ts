import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleConsent, type ConsentFlow } from './consent.ts';
import { bearerToken, readForm, readJsonObject, sendJson, sendRaw, sendText } from './http.ts';
import { isHttpUrl, OAuthDesk, pkceMatches, redirectWith, secretMatches } from './oauth.ts';
import { randomId, type Account, type Grant, type Post, type PlatformWorld } from './world.ts';

/** Mounted at /platforms/tiktok; `www` stands for www.tiktok.com, `open` for open.tiktokapis.com. */
export const TIKTOK_PREFIX = '/platforms/tiktok';

const SCOPES = ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list'];
/** video.list: max_count defaults to 10 and may not exceed 20; video.query takes at most 20 ids. */
const DEFAULT_COUNT = 10;
const MAX_COUNT = 20;

/** Which scope each user field needs (TikTok's scope table). */
const USER_FIELD_SCOPE: Record<string, string> = {
  open_id: 'user.info.basic', union_id: 'user.info.basic', avatar_url: 'user.info.basic', avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic', display_name: 'user.info.basic',
  bio_description: 'user.info.profile', profile_deep_link: 'user.info.profile', is_verified: 'user.info.profile', username: 'user.info.profile',
  follower_count: 'user.info.stats', following_count: 'user.info.stats', likes_count: 'user.info.stats', video_count: 'user.info.stats',
};
const VIDEO_FIELDS = ['id', 'create_time', 'cover_image_url', 'share_url', 'video_description', 'duration', 'height', 'width', 'title', 'embed_html', 'embed_link', 'like_count', 'comment_count', 'share_count', 'view_count'];

const logId = () => `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomId(12)}`;

/** Display API envelope: {"data":{…},"error":{"code":"ok"|…,"message","log_id"}}. */
function apiAnswer(res: ServerResponse, status: number, data: unknown, code = 'ok', message = '', headers: Record<string, string> = {}): void {
  sendJson(res, status, { data, error: { code, message, log_id: logId() } }, headers);
}

/** OAuth errors: {"error","error_description","log_id"}. */
function oauthError(res: ServerResponse, error: string, description: string, status = 400): void {
  sendJson(res, status, { error, error_description: description, log_id: logId() });
}

export function createTikTokDouble(world: PlatformWorld) {
  const desk = new OAuthDesk(world);

  const flow: ConsentFlow = {
    platform: 'tiktok',
    parse(url) {
      const clientId = url.searchParams.get('client_key');
      const redirectUri = url.searchParams.get('redirect_uri');
      if (!clientId) return 'client_key is required';
      if (!isHttpUrl(redirectUri)) return 'redirect_uri is missing or invalid';
      if (url.searchParams.get('response_type') !== 'code') return 'response_type must be code';
      const scopes = (url.searchParams.get('scope') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const unknown = scopes.find((s) => !SCOPES.includes(s));
      if (!scopes.length || unknown) return `invalid scope: ${unknown ?? '(none)'}`;
      const challenge = url.searchParams.get('code_challenge') ?? undefined;
      const method = url.searchParams.get('code_challenge_method') ?? undefined;
      if (challenge && method !== 'S256') return 'code_challenge_method must be S256';
      // PKCE is documented as required for desktop and mobile only; the web flow may send it, and then it is checked.
      return { clientId, redirectUri, scopes, state: url.searchParams.get('state') ?? undefined, codeChallenge: challenge, codeChallengeMethod: method, offline: true };
    },
    allowed: (p, code) => redirectWith(p.redirectUri, { code: code.code, scopes: p.scopes.join(','), state: p.state }),
    denied: (p) => redirectWith(p.redirectUri, { error: 'access_denied', error_description: 'The user denied the authorization request.', state: p.state }),
  };

  function issue(res: ServerResponse, grant: Grant): void {
    const s = world.settings.tiktok;
    const access = world.issueToken(grant.id, 'access', s.accessTtlS, `act.${randomId(32)}`);
    const refresh = world.issueToken(grant.id, 'refresh', s.refreshTtlS, `rft.${randomId(32)}`);
    sendJson(res, 200, {
      access_token: access.value, expires_in: s.accessTtlS, open_id: grant.accountId, refresh_expires_in: s.refreshTtlS,
      refresh_token: refresh.value, scope: grant.scopes.join(','), token_type: 'Bearer',
    });
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (!form.get('client_key')) return oauthError(res, 'invalid_request', 'client_key is required.');
    if (!secretMatches(form.get('client_secret'))) return oauthError(res, 'invalid_client', 'Client key or secret is incorrect.', 401);
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const redeemed = desk.redeem(form.get('code'), 'tiktok', form.get('client_key'));
      if ('problem' in redeemed) return oauthError(res, 'invalid_grant', 'Authorization code is expired.');
      const code = redeemed.code;
      if (form.get('redirect_uri') !== code.redirectUri) return oauthError(res, 'invalid_grant', 'Redirect URI does not match the one used in the authorization request.');
      if (code.codeChallenge && !pkceMatches(form.get('code_verifier'), code.codeChallenge, code.codeChallengeMethod)) {
        return oauthError(res, 'invalid_request', 'Code verifier or code challenge is invalid.');
      }
      const grant: Grant = { id: randomId(), platform: 'tiktok', accountId: code.accountId, clientId: code.clientId, scopes: code.scopes, revoked: false };
      world.grants.set(grant.id, grant);
      return issue(res, grant);
    }
    if (grantType === 'refresh_token') {
      const r = world.resolve(form.get('refresh_token') ?? undefined, 'refresh');
      if ('problem' in r) return oauthError(res, 'invalid_grant', 'Refresh token is invalid or expired.');
      if (r.grant.clientId !== form.get('client_key')) return oauthError(res, 'invalid_grant', 'Refresh token was issued to another client.');
      // Rotating: the refresh token sent stops working once a new one is issued.
      r.token.spent = true;
      return issue(res, r.grant);
    }
    return oauthError(res, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  }

  async function revoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (!secretMatches(form.get('client_secret'))) return oauthError(res, 'invalid_client', 'Client key or secret is incorrect.', 401);
    const t = world.tokens.get(form.get('token') ?? '');
    const grant = t ? world.grants.get(t.grantId) : undefined;
    if (!grant || grant.clientId !== form.get('client_key')) return oauthError(res, 'invalid_request', 'Token is invalid.');
    // Revoking the access token ends the whole authorization: its refresh token stops working too.
    grant.revoked = true;
    sendJson(res, 200, {});
  }

  function authorize(req: IncomingMessage, res: ServerResponse): { grant: Grant; account: Account } | undefined {
    const r = world.resolve(bearerToken(req), 'access');
    const account = 'problem' in r ? undefined : world.accounts.get(r.grant.accountId);
    if ('problem' in r || !account) {
      apiAnswer(res, 401, {}, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      return undefined;
    }
    return { grant: r.grant, account };
  }

  function fieldsOf(url: URL): string[] {
    return (url.searchParams.get('fields') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  }

  function videoObject(post: Post, account: Account, fields: string[]): Record<string, unknown> {
    const m = world.reportedMetrics(post);
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f === 'id') out.id = post.id;
      else if (f === 'create_time') out.create_time = Math.floor(post.createdAtMs / 1000);
      else if (f === 'share_url') out.share_url = `https://www.tiktok.com/@${account.username}/video/${post.id}`;
      else if (f === 'title' || f === 'video_description') out[f] = post.caption;
      else if (f === 'duration') out.duration = 30;
      else if (f === 'cover_image_url') out.cover_image_url = `https://p16-sign.tiktokcdn.com/local/${post.id}.jpeg`;
      // Counts without data yet are left out, not sent as 0.
      else if (f === 'view_count' && m.views !== undefined) out.view_count = m.views;
      else if (f === 'like_count' && m.likes !== undefined) out.like_count = m.likes;
      else if (f === 'comment_count' && m.comments !== undefined) out.comment_count = m.comments;
      else if (f === 'share_count' && m.shares !== undefined) out.share_count = m.shares;
    }
    return out;
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<void> {
    const throttle = world.takeThrottle('tiktok');
    if (throttle) {
      return apiAnswer(res, 429, {}, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.', { 'Retry-After': String(throttle.retryAfterS) });
    }
    const who = authorize(req, res);
    if (!who) return;
    const { grant, account } = who;
    const fields = fieldsOf(url);
    if (path === '/v2/user/info/') {
      if (req.method !== 'GET') return apiAnswer(res, 405, {}, 'invalid_params', 'Use GET.');
      const unknown = fields.find((f) => !(f in USER_FIELD_SCOPE));
      if (!fields.length || unknown) return apiAnswer(res, 400, {}, 'invalid_params', `Invalid fields: ${unknown ?? '(none)'}`);
      const missing = fields.map((f) => USER_FIELD_SCOPE[f]!).find((s) => !grant.scopes.includes(s));
      if (missing) return apiAnswer(res, 401, {}, 'scope_not_authorized', `The user did not authorize the scope required for completing this request (${missing}).`);
      const values: Record<string, unknown> = {
        open_id: account.id, union_id: `u.${account.id}`, avatar_url: `https://p16-sign.tiktokcdn.com/local/${account.id}.jpeg`,
        avatar_url_100: `https://p16-sign.tiktokcdn.com/local/${account.id}-100.jpeg`, avatar_large_url: `https://p16-sign.tiktokcdn.com/local/${account.id}-large.jpeg`,
        display_name: account.displayName, bio_description: '', profile_deep_link: `https://vm.tiktok.com/local-${account.id}/`, is_verified: false,
        username: account.username, follower_count: account.followers, following_count: account.following, likes_count: account.likes,
        video_count: world.visiblePosts(account, false).length,
      };
      return apiAnswer(res, 200, { user: Object.fromEntries(fields.map((f) => [f, values[f]])) });
    }
    if (path === '/v2/video/list/' || path === '/v2/video/query/') {
      if (req.method !== 'POST') return apiAnswer(res, 405, {}, 'invalid_params', 'Use POST.');
      if (!grant.scopes.includes('video.list')) return apiAnswer(res, 401, {}, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request (video.list).');
      const unknown = fields.find((f) => !VIDEO_FIELDS.includes(f));
      if (!fields.length || unknown) return apiAnswer(res, 400, {}, 'invalid_params', `Invalid fields: ${unknown ?? '(none)'}`);
      const body = await readJsonObject(req);
      if (!body) return apiAnswer(res, 400, {}, 'invalid_params', 'The request body is not valid JSON.');
      if (path === '/v2/video/query/') {
        const ids = (body.filters as { video_ids?: unknown } | undefined)?.video_ids;
        if (!Array.isArray(ids) || !ids.length || ids.length > MAX_COUNT || !ids.every((i) => typeof i === 'string')) {
          return apiAnswer(res, 400, {}, 'invalid_params', `filters.video_ids must list 1 to ${MAX_COUNT} video ids.`);
        }
        // Ids that are not this user's public videos (deleted, private, someone else's) are simply absent.
        const videos = world.visiblePosts(account, false).filter((p) => ids.includes(p.id)).map((p) => videoObject(p, account, fields));
        return apiAnswer(res, 200, { videos, cursor: 0, has_more: false });
      }
      const maxCount = body.max_count === undefined ? DEFAULT_COUNT : Number(body.max_count);
      if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > MAX_COUNT) return apiAnswer(res, 400, {}, 'invalid_params', `max_count must be between 1 and ${MAX_COUNT}.`);
      // The cursor is a UTC Unix time in milliseconds: the next page holds the videos created before it.
      const cursor = body.cursor === undefined ? undefined : Number(body.cursor);
      const older = world.visiblePosts(account, false).filter((p) => cursor === undefined || p.createdAtMs < cursor);
      const page = older.slice(0, maxCount);
      const last = page.at(-1);
      return apiAnswer(res, 200, { videos: page.map((p) => videoObject(p, account, fields)), cursor: last ? last.createdAtMs : (cursor ?? 0), has_more: older.length > page.length });
    }
    return apiAnswer(res, 404, {}, 'invalid_params', 'Unknown endpoint.');
  }

  /**
   * vm.tiktok.com/<code>/ (and vt., www.tiktok.com/t/): a 301 to the video's page on www.tiktok.com, whatever the
   * video's state (the page says when it is gone); an unknown code is a 404 here. Throttled as the API is.
   */
  function shareLink(res: ServerResponse, code: string): void {
    const throttle = world.takeThrottle('tiktok');
    if (throttle) return sendRaw(res, 429, 'Too Many Requests', { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(throttle.retryAfterS) });
    const post = [...world.posts.values()].find((p) => p.platform === 'tiktok' && p.shortCode === code);
    const account = post ? world.accounts.get(post.accountId) : undefined;
    if (!post || !account) return sendText(res, 404, 'Not Found');
    sendRaw(res, 301, undefined, { Location: `https://www.tiktok.com/@${account.username}/video/${post.id}?_r=1&_t=${code}`, 'Cache-Control': 'no-store' });
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      if (path === '/www/v2/auth/authorize/' || path === '/www/v2/auth/authorize') return handleConsent(flow, world, desk, req, res, url);
      if (path === '/open/v2/oauth/token/') return req.method === 'POST' ? token(req, res) : oauthError(res, 'invalid_request', 'Use POST.', 405);
      if (path === '/open/v2/oauth/revoke/') return req.method === 'POST' ? revoke(req, res) : oauthError(res, 'invalid_request', 'Use POST.', 405);
      if (path.startsWith('/open/v2/')) return api(req, res, url, path.slice('/open'.length));
      const share = /^\/(?:vm|vt|www\/t)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
      if (share && (req.method === 'GET' || req.method === 'HEAD')) return shareLink(res, share[1]!);
      return sendText(res, 404, 'Not Found');
    },
  };
}
