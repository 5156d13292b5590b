import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleConsent, type ConsentFlow } from './consent.ts';
import { baseOf, bearerToken, readForm, sendJson, sendText } from './http.ts';
import { isHttpUrl, OAuthDesk, redirectWith, secretMatches } from './oauth.ts';
import { INSTAGRAM_LONG_LIVED_S, randomId, type Account, type Grant, type Post, type PlatformWorld } from './world.ts';

/** Mounted at /platforms/instagram; `www`, `api` and `graph` stand for www.instagram.com, api.instagram.com, graph.instagram.com. */
export const INSTAGRAM_PREFIX = '/platforms/instagram';

const SCOPES = ['instagram_business_basic', 'instagram_business_manage_insights', 'instagram_business_content_publish', 'instagram_business_manage_messages', 'instagram_business_manage_comments'];
/** Meta's default page size for edges is 25; larger limits are capped (100 here: not confirmed in the docs). */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const MEDIA_METRICS = ['views', 'reach', 'saved', 'shares', 'likes', 'comments', 'total_interactions'] as const;

const traceId = () => randomId(9);

/** Graph API errors: {"error":{"message","type","code","error_subcode"?,"fbtrace_id"}}. */
function graphError(res: ServerResponse, status: number, code: number, message: string, extra: { type?: string; subcode?: number; headers?: Record<string, string> } = {}): void {
  const error: Record<string, unknown> = { message, type: extra.type ?? 'OAuthException', code };
  if (extra.subcode !== undefined) error.error_subcode = extra.subcode;
  error.fbtrace_id = traceId();
  sendJson(res, status, { error }, extra.headers);
}

/** api.instagram.com's token endpoint still answers in the older flat shape. */
function legacyError(res: ServerResponse, message: string): void {
  sendJson(res, 400, { error_type: 'OAuthException', code: 400, error_message: message });
}

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

function cursorOf(post: Post): string {
  return Buffer.from(`${post.createdAtMs}:${post.id}`).toString('base64url');
}

function decodeCursor(c: string): { createdAtMs: number; id: string } | undefined {
  const [ms, id] = Buffer.from(c, 'base64url').toString('utf8').split(':');
  return ms && id && Number.isFinite(Number(ms)) ? { createdAtMs: Number(ms), id } : undefined;
}

/** Newest first; ties (same millisecond) broken by id so a cursor is a strict position. */
function isOlder(post: Post, than: { createdAtMs: number; id: string }): boolean {
  return post.createdAtMs < than.createdAtMs || (post.createdAtMs === than.createdAtMs && post.id < than.id);
}

export function createInstagramDouble(world: PlatformWorld) {
  const desk = new OAuthDesk(world);

  const flow: ConsentFlow = {
    platform: 'instagram',
    parse(url) {
      const clientId = url.searchParams.get('client_id');
      const redirectUri = url.searchParams.get('redirect_uri');
      if (!clientId) return 'Invalid Request: missing client_id';
      if (!isHttpUrl(redirectUri)) return 'Invalid Request: redirect_uri is missing or is not an absolute http(s) URL';
      if (url.searchParams.get('response_type') !== 'code') return 'Invalid Request: response_type must be code';
      const scopes = (url.searchParams.get('scope') ?? '').split(/[,\s]+/).filter(Boolean);
      if (!scopes.includes('instagram_business_basic')) return 'Invalid Scopes: instagram_business_basic is required';
      const unknown = scopes.find((s) => !SCOPES.includes(s));
      if (unknown) return `Invalid Scopes: ${unknown}`;
      // No code_challenge: Business Login for Instagram documents no PKCE parameters (decision 0052).
      return { clientId, redirectUri, scopes, state: url.searchParams.get('state') ?? undefined, codeChallenge: undefined, codeChallengeMethod: undefined, offline: true };
    },
    // Instagram appends #_ to the redirect; apps strip it.
    allowed: (p, code) => redirectWith(p.redirectUri, { code: code.code, state: p.state }, '#_'),
    denied: (p) => redirectWith(p.redirectUri, { error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request.', state: p.state }, '#_'),
  };

  async function exchangeCode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return legacyError(res, 'Invalid method: use POST');
    const form = await readForm(req);
    if (form.get('grant_type') !== 'authorization_code') return legacyError(res, 'Invalid grant_type');
    if (!secretMatches(form.get('client_secret'))) return legacyError(res, 'Error validating client secret.');
    const redeemed = desk.redeem(form.get('code'), 'instagram', form.get('client_id'));
    if ('problem' in redeemed) {
      if (redeemed.problem === 'client') return legacyError(res, 'Invalid platform app');
      return legacyError(res, redeemed.problem === 'expired' ? 'This authorization code has expired.' : 'This authorization code has been used.');
    }
    const code = redeemed.code;
    if (form.get('redirect_uri') !== code.redirectUri) {
      return legacyError(res, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
    }
    const grant: Grant = { id: randomId(), platform: 'instagram', accountId: code.accountId, clientId: code.clientId, scopes: code.scopes, revoked: false };
    world.grants.set(grant.id, grant);
    const token = world.issueToken(grant.id, 'access', world.settings.instagram.accessTtlS, `IGAA${randomId(32)}`);
    sendJson(res, 200, { data: [{ access_token: token.value, user_id: code.accountId, permissions: code.scopes.join(',') }] });
  }

  /** Resolves the access token of a Graph call or answers the 190 error; expired and revoked differ by subcode. */
  function authorize(req: IncomingMessage, res: ServerResponse, url: URL, headers: Record<string, string>): { grant: Grant; account: Account } | undefined {
    const value = url.searchParams.get('access_token') ?? bearerToken(req);
    const r = world.resolve(value, 'access');
    if ('problem' in r) {
      if (r.problem === 'expired') {
        graphError(res, 400, 190, `Error validating access token: Session has expired on ${new Date(world.tokens.get(value!)!.expiresAtMs).toUTCString()}. The current time is ${new Date(world.now()).toUTCString()}.`, { subcode: 463, headers });
      } else if (r.problem === 'revoked') {
        graphError(res, 400, 190, 'Error validating access token: The user has not authorized application.', { subcode: 458, headers });
      } else {
        graphError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token', { headers });
      }
      return undefined;
    }
    const account = world.accounts.get(r.grant.accountId);
    if (!account) {
      graphError(res, 400, 190, 'Error validating access token: The user has not authorized application.', { subcode: 458, headers });
      return undefined;
    }
    return { grant: r.grant, account };
  }

  function longLived(req: IncomingMessage, res: ServerResponse, url: URL, kind: 'exchange' | 'refresh'): void {
    const expected = kind === 'exchange' ? 'ig_exchange_token' : 'ig_refresh_token';
    if (url.searchParams.get('grant_type') !== expected) return graphError(res, 400, 100, `Invalid parameter: grant_type must be ${expected}`);
    if (kind === 'exchange' && !secretMatches(url.searchParams.get('client_secret'))) return graphError(res, 400, 101, 'Error validating client secret.');
    const value = url.searchParams.get('access_token') ?? undefined;
    const r = world.resolve(value, 'access');
    if ('problem' in r) return void authorize(req, res, url, {});
    // Only a short-lived token can be exchanged and only a long-lived one refreshed.
    if (kind === 'exchange' && r.token.longLived) return graphError(res, 400, 100, 'Invalid parameter: the access_token is already long-lived; refresh it instead');
    if (kind === 'refresh' && !r.token.longLived) return graphError(res, 400, 100, 'Invalid parameter: only long-lived access tokens can be refreshed');
    const token = world.issueToken(r.grant.id, 'access', INSTAGRAM_LONG_LIVED_S, `IGAA${randomId(32)}`, true);
    sendJson(res, 200, { access_token: token.value, token_type: 'bearer', expires_in: INSTAGRAM_LONG_LIVED_S, ...(kind === 'refresh' ? { permissions: r.grant.scopes.join(',') } : {}) });
  }

  function mediaFields(post: Post, account: Account, fields: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f === 'id') out.id = post.id;
      else if (f === 'caption') out.caption = post.caption;
      else if (f === 'media_type') out.media_type = 'VIDEO';
      else if (f === 'media_product_type') out.media_product_type = 'REELS';
      else if (f === 'permalink') out.permalink = `https://www.instagram.com/reel/${post.code}/`;
      else if (f === 'shortcode') out.shortcode = post.code;
      else if (f === 'timestamp') out.timestamp = timestamp(post.createdAtMs);
      else if (f === 'username') out.username = account.username;
      // Live counters, not insights: omitted when the owner hides them (left undefined here).
      else if (f === 'like_count' && post.metrics.likes !== undefined) out.like_count = post.metrics.likes;
      else if (f === 'comments_count' && post.metrics.comments !== undefined) out.comments_count = post.metrics.comments;
    }
    if (!('id' in out)) out.id = post.id;
    return out;
  }

  function fieldsOf(url: URL, fallback: string[]): string[] {
    const f = url.searchParams.get('fields');
    return f ? f.split(',').map((s) => s.trim()).filter(Boolean) : fallback;
  }

  function graph(req: IncomingMessage, res: ServerResponse, url: URL, path: string): void {
    if (path === '/access_token') return longLived(req, res, url, 'exchange');
    if (path === '/refresh_access_token') return longLived(req, res, url, 'refresh');
    // The version segment is optional, as on graph.instagram.com.
    const parts = path.split('/').filter(Boolean);
    if (parts[0] && /^v\d+\.\d+$/.test(parts[0])) parts.shift();
    const calls = world.countCall('instagram');
    const usage = { 'X-App-Usage': JSON.stringify({ call_count: Math.min(100, Math.round(calls / 2)), total_cputime: 1, total_time: 1 }) };
    const throttle = world.takeThrottle('instagram');
    if (throttle) {
      // Meta documents the codes and the usage headers, not Retry-After or a status: see decision 0052.
      return graphError(res, 429, 4, '(#4) Application request limit reached', {
        headers: { 'Retry-After': String(throttle.retryAfterS), 'X-App-Usage': JSON.stringify({ call_count: 100, total_cputime: 1, total_time: 1 }) },
      });
    }
    const who = authorize(req, res, url, usage);
    if (!who) return;
    const { account, grant } = who;
    if (parts.length === 1 && parts[0] === 'me') {
      const out: Record<string, unknown> = {};
      for (const f of fieldsOf(url, ['id'])) {
        if (f === 'id' || f === 'user_id') out[f] = account.id;
        else if (f === 'username') out.username = account.username;
        else if (f === 'name') out.name = account.displayName;
        else if (f === 'account_type') out.account_type = 'MEDIA_CREATOR';
        else if (f === 'followers_count') out.followers_count = account.followers;
        else if (f === 'follows_count') out.follows_count = account.following;
        else if (f === 'media_count') out.media_count = world.visiblePosts(account, false).length;
        else return graphError(res, 400, 100, `(#100) Tried accessing nonexisting field (${f}) on node type (User)`, { type: 'IGApiException', headers: usage });
      }
      if (!('id' in out)) out.id = account.id;
      return sendJson(res, 200, out, usage);
    }
    if (parts.length === 2 && parts[0] === 'me' && parts[1] === 'media') return mediaPage(req, res, url, account, usage);
    const post = parts[0] ? world.posts.get(parts[0]) : undefined;
    // Another account's media, a deleted one and an archived one look alike: error 100, subcode 33.
    if (!post || post.accountId !== account.id || post.status !== 'live' || parts.length > 2 || (parts.length === 2 && parts[1] !== 'insights')) {
      return graphError(res, 400, 100, `Unsupported get request. Object with ID '${parts.join('/')}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, { type: 'GraphMethodException', subcode: 33, headers: usage });
    }
    if (parts.length === 1) return sendJson(res, 200, mediaFields(post, account, fieldsOf(url, ['id'])), usage);
    if (!grant.scopes.includes('instagram_business_manage_insights')) return graphError(res, 403, 10, '(#10) Application does not have permission for this action', { headers: usage });
    const metrics = (url.searchParams.get('metric') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const bad = metrics.findIndex((m) => !(MEDIA_METRICS as readonly string[]).includes(m));
    if (!metrics.length || bad >= 0) {
      return graphError(res, 400, 100, `(#100) metric[${Math.max(bad, 0)}] must be one of the following values: ${MEDIA_METRICS.join(', ')}`, { type: 'IGApiException', headers: usage });
    }
    // Unavailable data is an empty data set, never 0 (and nothing before the delay has passed).
    const m = world.reportedMetrics(post);
    const values: Record<string, number | undefined> = {
      views: m.views, reach: m.reach, saved: m.saves, shares: m.shares, likes: m.likes, comments: m.comments,
      total_interactions: m.likes === undefined && m.comments === undefined && m.saves === undefined && m.shares === undefined
        ? undefined : (m.likes ?? 0) + (m.comments ?? 0) + (m.saves ?? 0) + (m.shares ?? 0),
    };
    const data = metrics
      .filter((name) => values[name] !== undefined)
      .map((name) => ({ name, period: 'lifetime', values: [{ value: values[name] }], title: name, description: '', id: `${post.id}/insights/${name}/lifetime` }));
    return sendJson(res, 200, { data }, usage);
  }

  function mediaPage(req: IncomingMessage, res: ServerResponse, url: URL, account: Account, headers: Record<string, string>): void {
    const limitText = url.searchParams.get('limit');
    const limit = limitText ? Math.min(MAX_LIMIT, Math.max(1, Number(limitText) || DEFAULT_LIMIT)) : DEFAULT_LIMIT;
    const fields = fieldsOf(url, ['id']);
    const all = world.visiblePosts(account, false);
    const after = url.searchParams.get('after');
    const before = url.searchParams.get('before');
    let page: Post[];
    let hasOlder: boolean;
    let hasNewer: boolean;
    if (before) {
      const c = decodeCursor(before);
      const newer = c ? all.filter((p) => !isOlder(p, c) && p.id !== c.id) : [];
      page = newer.slice(-limit);
      hasNewer = newer.length > page.length;
      hasOlder = true;
    } else {
      const c = after ? decodeCursor(after) : undefined;
      if (after && !c) return graphError(res, 400, 100, 'Invalid parameter: after is not a valid cursor', { headers });
      const older = c ? all.filter((p) => isOlder(p, c)) : all;
      page = older.slice(0, limit);
      hasOlder = older.length > page.length;
      hasNewer = Boolean(c);
    }
    const body: Record<string, unknown> = { data: page.map((p) => mediaFields(p, account, fields)) };
    if (page.length) {
      const paging: Record<string, unknown> = { cursors: { before: cursorOf(page[0]!), after: cursorOf(page.at(-1)!) } };
      const link = (key: 'after' | 'before', cursor: string) => {
        const next = new URL(`${baseOf(req, url, `${INSTAGRAM_PREFIX}/graph`)}${url.pathname.slice(url.pathname.indexOf('/graph') + '/graph'.length)}`);
        for (const [k, v] of url.searchParams) if (k !== 'after' && k !== 'before') next.searchParams.set(k, v);
        next.searchParams.set('limit', String(limit));
        next.searchParams.set(key, cursor);
        return next.toString();
      };
      if (hasOlder) paging.next = link('after', cursorOf(page.at(-1)!));
      if (hasNewer) paging.previous = link('before', cursorOf(page[0]!));
      body.paging = paging;
    }
    sendJson(res, 200, body, headers);
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      if (path === '/www/oauth/authorize' || path === '/api/oauth/authorize') return handleConsent(flow, world, desk, req, res, url);
      if (path === '/api/oauth/access_token') return exchangeCode(req, res);
      if (path.startsWith('/graph/')) {
        if (req.method !== 'GET') return graphError(res, 400, 100, 'Unsupported request method');
        return graph(req, res, url, path.slice('/graph'.length));
      }
      return sendText(res, 404, 'Not Found');
    },
  };
}
