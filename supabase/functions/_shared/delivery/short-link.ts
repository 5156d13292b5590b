// A TikTok share link (vm.tiktok.com/<code>, vt.tiktok.com/<code>, www.tiktok.com/t/<code>) names no video: the
// platform answers it with a redirect to the video's page (decision 0055). The redirect is read, never followed
// into the page, and each short host goes through its own base variable, so the local stack answers with its
// TikTok double and a deployed function asks TikTok.

import { type PlatformBaseKey, platformBase } from '../platforms/bases.ts';
import { type PostRef, parsePostUrl } from './post-url.ts';

export type ShortLinkResult =
  | { ok: true; ref: PostRef & { ok: true } }
  /** The link leads to no video (unknown code, a page that is not a video): final, not retried. */
  | { ok: false; reason: 'not_a_post' }
  /** TikTok did not answer (down, 429, timeout): the check stays due and is tried again later. */
  | { ok: false; reason: 'unavailable' };

const MAX_HOPS = 3;
const TIMEOUT_MS = 10_000;

/** The base variable of a short link's origin, or null for a URL that is not a TikTok short link. */
function baseKeyOf(url: URL): PlatformBaseKey | null {
  const host = url.hostname.toLowerCase();
  if (host === 'vm.tiktok.com') return 'TIKTOK_VM_BASE';
  if (host === 'vt.tiktok.com') return 'TIKTOK_VT_BASE';
  if ((host === 'www.tiktok.com' || host === 'tiktok.com' || host === 'm.tiktok.com') && url.pathname.startsWith('/t/')) return 'TIKTOK_WEB_BASE';
  return null;
}

export async function resolveShortLink(
  link: string,
  opts: { fetch?: typeof fetch; base?: (key: PlatformBaseKey) => string; timeoutMs?: number } = {},
): Promise<ShortLinkResult> {
  const fetchFn = opts.fetch ?? fetch;
  const base = opts.base ?? ((key: PlatformBaseKey) => platformBase(key));
  let current = new URL(link);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const key = baseKeyOf(current);
    if (!key) return { ok: false, reason: 'not_a_post' };
    let res: Response;
    try {
      res = await fetchFn(`${base(key)}${current.pathname}${current.search}`, {
        method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
      });
    } catch {
      return { ok: false, reason: 'unavailable' };
    }
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      // Relative to the real short host, not to the base it was asked through.
      const next = new URL(location, current);
      const ref = parsePostUrl(next.toString());
      if (ref.ok) return ref.platform === 'tiktok' ? { ok: true, ref } : { ok: false, reason: 'not_a_post' };
      if (ref.reason !== 'needs_resolution') return { ok: false, reason: 'not_a_post' };
      current = next;
      continue;
    }
    if (res.status === 429 || res.status >= 500) return { ok: false, reason: 'unavailable' };
    // 404 for an unknown code, 200 for a page that is not a redirect to a video.
    return { ok: false, reason: 'not_a_post' };
  }
  return { ok: false, reason: 'not_a_post' };
}
