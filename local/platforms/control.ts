import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFromThisMachine } from '../http/this-machine.ts';
import { readJsonObject, sendJson } from './http.ts';
import { numericId, PLATFORMS, randomId, type Account, type Platform, type PlatformWorld, type Post, type PostMetrics } from './world.ts';

/** Where the test-control endpoints are, under the doubles' mount. */
export const CONTROL_PREFIX = '/platforms/_control';

function bad(res: ServerResponse, message: string, status = 400): void {
  sendJson(res, status, { error: { message } });
}

function platformOf(value: unknown): Platform | undefined {
  return PLATFORMS.find((p) => p === value);
}

function count(value: unknown, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function metricsOf(value: unknown): PostMetrics {
  const m = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out: PostMetrics = {};
  for (const key of ['views', 'reach', 'likes', 'comments', 'shares', 'saves'] as const) {
    if (typeof m[key] === 'number') out[key] = m[key] as number;
  }
  return out;
}

function accountId(platform: Platform): string {
  if (platform === 'instagram') return numericId(17);
  if (platform === 'youtube') return `UC${randomId(16)}`;
  return `-000${randomId(16)}`;
}

function postId(platform: Platform): string {
  if (platform === 'instagram') return numericId(17);
  if (platform === 'tiktok') return numericId(19);
  return randomId(8).slice(0, 11);
}

/**
 * Test controls, like the Stripe double's /stripe helpers, for callers on this machine only (anyone could
 * otherwise rewrite the accounts an app connects to):
 * - POST accounts {platform, username, displayName?, followers?, following?, likes?, hiddenFollowers?, posts?: [{ageMs?, caption?, metrics?, status?}]}
 * - POST posts {accountId, ageMs?, caption?, metrics?}; POST posts/:id {status?: live|deleted|private, metrics?}
 * - POST clock {advanceMs} or {offsetMs}; POST tokens/expire {token} or {platform, accountId}
 * - POST throttle {platform, calls, retryAfterS?, kind?: rate|quota}; POST grants/revoke {platform, accountId}
 * - POST settings {platform, accessTtlS?, refreshTtlS?, insightsDelayMs?}; POST reset
 */
export function createControl(world: PlatformWorld) {
  function addPost(account: Account, spec: Record<string, unknown>, ageMs: number): Post {
    const id = postId(account.platform);
    const post: Post = {
      id, accountId: account.id, platform: account.platform, code: account.platform === 'instagram' ? randomId(8) : id,
      createdAtMs: world.now() - ageMs, caption: typeof spec.caption === 'string' ? spec.caption : `Post ${id}`,
      status: spec.status === 'deleted' || spec.status === 'private' ? spec.status : 'live', metrics: metricsOf(spec.metrics),
      ...(account.platform === 'tiktok' ? { shortCode: `ZM${randomId(6)}` } : {}),
    };
    world.posts.set(id, post);
    // Kept newest first whatever order they were made in.
    account.postIds.push(id);
    account.postIds.sort((a, b) => world.posts.get(b)!.createdAtMs - world.posts.get(a)!.createdAtMs);
    return post;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!isFromThisMachine(req)) return bad(res, 'The platform doubles’ controls answer callers on this machine only.', 403);
    if (req.method !== 'POST') return bad(res, 'Use POST.', 405);
    const body = await readJsonObject(req);
    if (!body) return bad(res, 'The body must be a JSON object.');
    if (path === '/reset') {
      world.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/accounts') {
      const platform = platformOf(body.platform);
      if (!platform) return bad(res, `platform must be one of ${PLATFORMS.join(', ')}`);
      if (typeof body.username !== 'string' || !/^[\w.]{1,30}$/.test(body.username)) return bad(res, 'username: letters, digits, _ and . (at most 30)');
      const followers = count(body.followers, 0);
      const following = count(body.following, 0);
      const likes = count(body.likes, 0);
      if (followers === undefined || following === undefined || likes === undefined) return bad(res, 'followers, following and likes must be non-negative integers');
      const account: Account = {
        platform, id: accountId(platform), username: body.username, displayName: typeof body.displayName === 'string' ? body.displayName : body.username,
        followers, following, likes, hiddenFollowers: body.hiddenFollowers === true, postIds: [],
      };
      world.accounts.set(account.id, account);
      const specs = Array.isArray(body.posts) ? (body.posts as Record<string, unknown>[]) : [];
      // Without an age, posts are a day apart, the first the newest, all older than any insights delay.
      const posts = specs.map((spec, i) => addPost(account, spec, typeof spec.ageMs === 'number' ? spec.ageMs : (i + 3) * 86400_000));
      return sendJson(res, 200, { account, posts });
    }
    if (path === '/posts') {
      const account = world.accounts.get(String(body.accountId));
      if (!account) return bad(res, 'No such account.', 404);
      return sendJson(res, 200, addPost(account, body, typeof body.ageMs === 'number' ? body.ageMs : 0));
    }
    const postMatch = /^\/posts\/([^/]+)$/.exec(path);
    if (postMatch) {
      const post = world.posts.get(postMatch[1]!);
      if (!post) return bad(res, 'No such post.', 404);
      if (body.status !== undefined) {
        if (body.status !== 'live' && body.status !== 'deleted' && body.status !== 'private') return bad(res, 'status: live, deleted or private');
        post.status = body.status;
      }
      if (body.metrics !== undefined) post.metrics = metricsOf(body.metrics);
      return sendJson(res, 200, post);
    }
    if (path === '/clock') {
      if (typeof body.advanceMs === 'number') world.clockOffsetMs += body.advanceMs;
      else if (typeof body.offsetMs === 'number') world.clockOffsetMs = body.offsetMs;
      else return bad(res, 'advanceMs or offsetMs (a number) is required');
      return sendJson(res, 200, { offsetMs: world.clockOffsetMs, now: new Date(world.now()).toISOString() });
    }
    if (path === '/tokens/expire') {
      const expired: string[] = [];
      const past = world.now() - 1;
      if (typeof body.token === 'string') {
        const t = world.tokens.get(body.token);
        if (!t) return bad(res, 'No such token.', 404);
        t.expiresAtMs = past;
        expired.push(t.value);
      } else {
        const grants = [...world.grants.values()].filter((g) => g.platform === body.platform && g.accountId === body.accountId);
        for (const t of world.tokens.values()) {
          if (t.kind === 'access' && grants.some((g) => g.id === t.grantId)) {
            t.expiresAtMs = past;
            expired.push(t.value);
          }
        }
      }
      return sendJson(res, 200, { expired: expired.length });
    }
    if (path === '/throttle') {
      const platform = platformOf(body.platform);
      const calls = count(body.calls, 1);
      const retryAfterS = count(body.retryAfterS, 60);
      if (!platform || calls === undefined || retryAfterS === undefined) return bad(res, 'platform, and non-negative integers calls and retryAfterS');
      world.throttles.set(platform, { calls, retryAfterS, kind: body.kind === 'quota' ? 'quota' : 'rate' });
      return sendJson(res, 200, { platform, calls, retryAfterS });
    }
    if (path === '/grants/revoke') {
      let revoked = 0;
      for (const g of world.grants.values()) {
        if (g.platform === body.platform && g.accountId === body.accountId && !g.revoked) {
          g.revoked = true;
          revoked += 1;
        }
      }
      return sendJson(res, 200, { revoked });
    }
    if (path === '/settings') {
      const platform = platformOf(body.platform);
      if (!platform) return bad(res, `platform must be one of ${PLATFORMS.join(', ')}`);
      const s = world.settings[platform];
      for (const key of ['accessTtlS', 'refreshTtlS', 'insightsDelayMs'] as const) {
        if (body[key] === undefined) continue;
        const n = count(body[key], 0);
        if (n === undefined) return bad(res, `${key} must be a non-negative integer`);
        s[key] = n;
      }
      return sendJson(res, 200, { platform, settings: s });
    }
    return bad(res, 'Unknown control.', 404);
  };
}
