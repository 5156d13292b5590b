// Asks the platform about a delivered post with the creator's access token (decision 0055): Instagram by
// paging the account's own media for the shortcode, TikTok by video/query (only the user's own public
// videos come back), YouTube by videos.list (the author's channelId). Failures are told apart from the
// body's error codes first (decision 0052: a status alone misleads). When h-connect's
// platforms/platform-error.ts lands, `failure` should defer to it.

import type { Lookup, PlatformPost } from './outcome.ts';
import type { PostRef } from './post-url.ts';

type Fetch = typeof fetch;
type Found = PostRef & { ok: true };

const MAX_INSTAGRAM_PAGES = 20; // 2,000 recent media at 100 a page: bounded, never an endless walk.

function retryAfterOf(res: Response): number | undefined {
  const v = Number(res.headers.get('retry-after'));
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

/** A failed call: throttled, token gone, or down. Body codes first, the HTTP status last. */
async function failure(res: Response): Promise<Lookup & { kind: 'failed' }> {
  const body = await res.json().catch(() => null) as Record<string, any> | null;
  const code = body?.error?.code;
  const reasons: string[] = (body?.error?.errors ?? []).map((e: { reason?: string }) => e.reason ?? '');
  const retryAfterSeconds = retryAfterOf(res);
  if ([4, 17, 32, 613, 80002].includes(code) || code === 'rate_limit_exceeded' || reasons.some((r) => /rateLimitExceeded|quotaExceeded/.test(r))) {
    return { kind: 'failed', reason: 'rate_limited', retryAfterSeconds };
  }
  if (code === 190 || code === 'access_token_invalid' || code === 'scope_not_authorized' || reasons.includes('authError')) {
    return { kind: 'failed', reason: 'reconnect_needed' };
  }
  if (res.status === 429) return { kind: 'failed', reason: 'rate_limited', retryAfterSeconds };
  if (res.status === 401) return { kind: 'failed', reason: 'reconnect_needed' };
  return { kind: 'failed', reason: 'unavailable', retryAfterSeconds };
}

async function call(f: Fetch, url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await f(url, init);
  } catch {
    return null; // network down
  }
}

export async function lookupPost(opts: { ref: Found; base: string; token: string; ownerId: string; fetch?: Fetch }): Promise<Lookup> {
  const f = opts.fetch ?? fetch;
  const auth = { authorization: `Bearer ${opts.token}` };
  const down: Lookup = { kind: 'failed', reason: 'unavailable' };
  const { ref } = opts;

  if (ref.platform === 'instagram') {
    let next: string | null = `${opts.base}/me/media?fields=id,shortcode,caption,timestamp&limit=100&access_token=${encodeURIComponent(opts.token)}`;
    for (let page = 0; next && page < MAX_INSTAGRAM_PAGES; page++) {
      const res = await call(f, next);
      if (!res) return down;
      if (!res.ok) return failure(res);
      const body = await res.json() as { data?: Array<{ id: string; shortcode?: string; caption?: string; timestamp: string }>; paging?: { next?: string } };
      const hit = body.data?.find((m) => m.shortcode === ref.shortcode);
      if (hit) {
        // Meta's timestamps read 2019-04-05T07:56:32+0000: Date needs the colon in the offset.
        const at = new Date(hit.timestamp.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
        return { kind: 'found', post: { id: hit.id, ownerId: opts.ownerId, publishedAt: at, texts: [hit.caption ?? null], paidPartnershipLabel: null } };
      }
      next = body.paging?.next ?? null;
    }
    return { kind: 'absent' };
  }

  if (ref.platform === 'tiktok') {
    const res = await call(f, `${opts.base}/v2/video/query/?fields=id,create_time,title,video_description`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ filters: { video_ids: [ref.videoId] } }),
    });
    if (!res) return down;
    const body = await res.clone().json().catch(() => null) as { data?: { videos?: Array<{ id: string; create_time: number; title?: string; video_description?: string }> }; error?: { code?: string } } | null;
    if (!res.ok || (body?.error?.code && body.error.code !== 'ok')) return failure(res);
    const v = body?.data?.videos?.find((x) => x.id === ref.videoId);
    if (!v) return { kind: 'absent' };
    return { kind: 'found', post: { id: v.id, ownerId: opts.ownerId, publishedAt: new Date(v.create_time * 1000), texts: [v.title ?? null, v.video_description ?? null], paidPartnershipLabel: null } };
  }

  const res = await call(f, `${opts.base}/youtube/v3/videos?part=snippet,paidProductPlacementDetails&id=${encodeURIComponent(ref.videoId)}`, { headers: auth });
  if (!res) return down;
  if (!res.ok) return failure(res);
  const body = await res.json() as { items?: Array<{ id: string; snippet?: { publishedAt: string; channelId: string; title?: string; description?: string }; paidProductPlacementDetails?: { hasPaidProductPlacement?: boolean } }> };
  const item = body.items?.find((i) => i.id === ref.videoId);
  if (!item?.snippet) return { kind: 'absent' };
  const post: PlatformPost = {
    id: item.id, ownerId: item.snippet.channelId, publishedAt: new Date(item.snippet.publishedAt),
    texts: [item.snippet.title ?? null, item.snippet.description ?? null],
    paidPartnershipLabel: item.paidProductPlacementDetails?.hasPaidProductPlacement ?? null,
  };
  return { kind: 'found', post };
}
