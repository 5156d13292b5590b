// Which post a submitted content URL names (decision 0055). Only the forms the platforms publish as share
// links are accepted; the id is what the platform's API answers to (Instagram shortcode, TikTok video id,
// YouTube video id). A TikTok short link (vm./vt.tiktok.com) names no id: it must be resolved by following
// its redirect first, so it comes back as `needs_resolution`.

export type Platform = 'instagram' | 'tiktok' | 'youtube';

export type PostRef =
  | { ok: true; platform: 'instagram'; shortcode: string; kind: 'post' | 'reel' }
  | { ok: true; platform: 'tiktok'; videoId: string; handle: string | null }
  | { ok: true; platform: 'youtube'; videoId: string; kind: 'video' | 'short' }
  | { ok: false; reason: 'needs_resolution'; platform: 'tiktok'; url: string }
  | { ok: false; reason: 'not_a_post_url' | 'unsupported_host' | 'invalid_url' };

const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com', 'm.instagram.com']);
const TIKTOK_HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);
const TIKTOK_SHORT_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTU_BE = 'youtu.be';

const SHORTCODE = /^[A-Za-z0-9_-]{5,64}$/;
const TIKTOK_ID = /^\d{5,25}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const HANDLE = /^@([A-Za-z0-9._]{1,40})$/;

export function parsePostUrl(input: string): PostRef {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'invalid_url' };
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter((p) => p !== '');

  if (INSTAGRAM_HOSTS.has(host)) {
    // /p/<code>/, /reel/<code>/, /reels/<code>/, also /<user>/p/<code>/ and /<user>/reel/<code>/
    const at = parts.findIndex((p) => p === 'p' || p === 'reel' || p === 'reels' || p === 'tv');
    const code = at >= 0 ? parts[at + 1] : undefined;
    if (at > 1 || !code || !SHORTCODE.test(code)) return { ok: false, reason: 'not_a_post_url' };
    return { ok: true, platform: 'instagram', shortcode: code, kind: parts[at] === 'p' || parts[at] === 'tv' ? 'post' : 'reel' };
  }
  if (TIKTOK_HOSTS.has(host)) {
    // /@<user>/video/<id>, /@<user>/photo/<id>, /v/<id>.html (old embed form)
    const handle = parts[0]?.match(HANDLE)?.[1] ?? null;
    if (handle && (parts[1] === 'video' || parts[1] === 'photo') && parts[2] && TIKTOK_ID.test(parts[2])) {
      return { ok: true, platform: 'tiktok', videoId: parts[2], handle };
    }
    const old = parts[0] === 'v' ? parts[1]?.replace(/\.html$/, '') : undefined;
    if (old && TIKTOK_ID.test(old)) return { ok: true, platform: 'tiktok', videoId: old, handle: null };
    if (parts[0] === 't' && parts[1]) return { ok: false, reason: 'needs_resolution', platform: 'tiktok', url: url.toString() };
    return { ok: false, reason: 'not_a_post_url' };
  }
  if (TIKTOK_SHORT_HOSTS.has(host)) {
    if (parts.length === 1) return { ok: false, reason: 'needs_resolution', platform: 'tiktok', url: url.toString() };
    return { ok: false, reason: 'not_a_post_url' };
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch' && parts.length === 1) {
      const v = url.searchParams.get('v');
      return v && YOUTUBE_ID.test(v) ? { ok: true, platform: 'youtube', videoId: v, kind: 'video' } : { ok: false, reason: 'not_a_post_url' };
    }
    if ((parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'embed') && parts[1] && YOUTUBE_ID.test(parts[1])) {
      return { ok: true, platform: 'youtube', videoId: parts[1], kind: parts[0] === 'shorts' ? 'short' : 'video' };
    }
    return { ok: false, reason: 'not_a_post_url' };
  }
  if (host === YOUTU_BE) {
    return parts.length === 1 && YOUTUBE_ID.test(parts[0]!) ? { ok: true, platform: 'youtube', videoId: parts[0]!, kind: 'video' } : { ok: false, reason: 'not_a_post_url' };
  }
  return { ok: false, reason: 'unsupported_host' };
}

/** The id the platform's API is asked about. */
export function postIdOf(ref: PostRef & { ok: true }): string {
  return ref.platform === 'instagram' ? ref.shortcode : ref.videoId;
}
