// Reads a delivered post's metrics for a snapshot (decision 0055). A metric the platform does not report
// (no data yet, hidden, not offered) is null, never 0. A post that no longer answers is gone: Instagram
// answers 100/33 for deleted and archived alike, TikTok and YouTube leave it out of the answer (deleted),
// and YouTube reports the owner's own private video with privacyStatus 'private'.

import type { Platform } from './post-url.ts';

export interface Metrics {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  reach: number | null;
}

export type MetricsRead =
  | { kind: 'live'; metrics: Metrics }
  | { kind: 'gone'; removedAs: 'deleted' | 'private' }
  | { kind: 'failed'; reason: 'unavailable' | 'rate_limited' | 'reconnect_needed'; retryAfterSeconds?: number };

const count = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : null;
};

async function failed(res: Response | null): Promise<MetricsRead> {
  if (!res) return { kind: 'failed', reason: 'unavailable' };
  const body = await res.json().catch(() => null) as { error?: { code?: unknown; errors?: Array<{ reason?: string }> } } | null;
  const code = body?.error?.code;
  const reasons = (body?.error?.errors ?? []).map((e) => e.reason ?? '');
  const ra = Number(res.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(ra) && ra > 0 ? ra : undefined;
  if ([4, 17, 32, 613, 80002].includes(code as number) || code === 'rate_limit_exceeded' || reasons.some((r) => /rateLimitExceeded|quotaExceeded/.test(r)) || res.status === 429) {
    return { kind: 'failed', reason: 'rate_limited', retryAfterSeconds };
  }
  if (code === 190 || code === 'access_token_invalid' || code === 'scope_not_authorized' || reasons.includes('authError') || res.status === 401) {
    return { kind: 'failed', reason: 'reconnect_needed' };
  }
  return { kind: 'failed', reason: 'unavailable', retryAfterSeconds };
}

async function call(f: typeof fetch, url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await f(url, init);
  } catch {
    return null;
  }
}

export async function readMetrics(opts: { platform: Platform; base: string; token: string; postId: string; fetch?: typeof fetch }): Promise<MetricsRead> {
  const f = opts.fetch ?? fetch;
  const auth = { authorization: `Bearer ${opts.token}` };
  if (opts.platform === 'instagram') {
    const res = await call(f, `${opts.base}/${encodeURIComponent(opts.postId)}/insights?metric=views,reach,saved,shares,likes,comments&access_token=${encodeURIComponent(opts.token)}`);
    if (res && !res.ok) {
      const body = await res.clone().json().catch(() => null) as { error?: { code?: number; error_subcode?: number } } | null;
      if (body?.error?.code === 100 && body.error.error_subcode === 33) return { kind: 'gone', removedAs: 'deleted' };
    }
    if (!res || !res.ok) return failed(res);
    const body = await res.json() as { data?: Array<{ name: string; values?: Array<{ value?: unknown }> }> };
    const v = (name: string) => count(body.data?.find((d) => d.name === name)?.values?.[0]?.value);
    return { kind: 'live', metrics: { views: v('views'), likes: v('likes'), comments: v('comments'), shares: v('shares'), saves: v('saved'), reach: v('reach') } };
  }
  if (opts.platform === 'tiktok') {
    const res = await call(f, `${opts.base}/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ filters: { video_ids: [opts.postId] } }),
    });
    const body = res ? await res.clone().json().catch(() => null) as { data?: { videos?: Array<Record<string, unknown>> }; error?: { code?: string } } | null : null;
    if (!res || !res.ok || (body?.error?.code && body.error.code !== 'ok')) return failed(res);
    const video = body?.data?.videos?.find((x) => x.id === opts.postId);
    if (!video) return { kind: 'gone', removedAs: 'deleted' };
    return { kind: 'live', metrics: { views: count(video.view_count), likes: count(video.like_count), comments: count(video.comment_count), shares: count(video.share_count), saves: null, reach: null } };
  }
  const res = await call(f, `${opts.base}/youtube/v3/videos?part=statistics,status&id=${encodeURIComponent(opts.postId)}`, { headers: auth });
  if (!res || !res.ok) return failed(res);
  const body = await res.json() as { items?: Array<{ id: string; status?: { privacyStatus?: string }; statistics?: Record<string, string> }> };
  const item = body.items?.find((i) => i.id === opts.postId);
  if (!item) return { kind: 'gone', removedAs: 'deleted' };
  if (item.status?.privacyStatus === 'private') return { kind: 'gone', removedAs: 'private' };
  const s = item.statistics ?? {};
  return { kind: 'live', metrics: { views: count(s.viewCount), likes: count(s.likeCount), comments: count(s.commentCount), shares: null, saves: null, reach: null } };
}
