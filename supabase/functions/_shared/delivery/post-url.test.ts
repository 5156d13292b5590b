import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { parsePostUrl } from './post-url.ts';

// The URL forms each platform gives as a share link, and near misses that must not pass as a post.
const accepted: Array<[string, Record<string, unknown>]> = [
  ['https://www.instagram.com/p/C1a2B3c4D5e/', { platform: 'instagram', shortcode: 'C1a2B3c4D5e', kind: 'post' }],
  ['https://instagram.com/reel/Cx_Yz-12345/?igsh=abc', { platform: 'instagram', shortcode: 'Cx_Yz-12345', kind: 'reel' }],
  ['https://www.instagram.com/reels/Cx_Yz-12345', { platform: 'instagram', shortcode: 'Cx_Yz-12345', kind: 'reel' }],
  ['https://www.instagram.com/ana.cruz/p/C1a2B3c4D5e/', { platform: 'instagram', shortcode: 'C1a2B3c4D5e', kind: 'post' }],
  ['https://m.instagram.com/tv/C1a2B3c4D5e', { platform: 'instagram', shortcode: 'C1a2B3c4D5e', kind: 'post' }],
  ['https://www.tiktok.com/@ana.cruz/video/7301234567890123456', { platform: 'tiktok', videoId: '7301234567890123456', handle: 'ana.cruz' }],
  ['https://tiktok.com/@ana_cruz/video/7301234567890123456?is_from_webapp=1&sender_device=pc', { platform: 'tiktok', videoId: '7301234567890123456', handle: 'ana_cruz' }],
  ['https://www.tiktok.com/@ana/photo/7301234567890123456', { platform: 'tiktok', videoId: '7301234567890123456', handle: 'ana' }],
  ['https://m.tiktok.com/v/7301234567890123456.html', { platform: 'tiktok', videoId: '7301234567890123456', handle: null }],
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { platform: 'youtube', videoId: 'dQw4w9WgXcQ', kind: 'video' }],
  ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s', { platform: 'youtube', videoId: 'dQw4w9WgXcQ', kind: 'video' }],
  ['https://youtu.be/dQw4w9WgXcQ?si=xyz', { platform: 'youtube', videoId: 'dQw4w9WgXcQ', kind: 'video' }],
  ['https://www.youtube.com/shorts/abcDEF12_-3', { platform: 'youtube', videoId: 'abcDEF12_-3', kind: 'short' }],
  ['https://youtube.com/shorts/abcDEF12_-3?feature=share', { platform: 'youtube', videoId: 'abcDEF12_-3', kind: 'short' }],
  ['  https://www.youtube.com/live/abcDEF12_-3  ', { platform: 'youtube', videoId: 'abcDEF12_-3', kind: 'video' }],
];

const refused: Array<[string, string]> = [
  ['not a url', 'invalid_url'],
  ['ftp://www.instagram.com/p/C1a2B3c4D5e/', 'invalid_url'],
  ['https://www.instagram.com/ana.cruz/', 'not_a_post_url'],
  ['https://www.instagram.com/p/', 'not_a_post_url'],
  ['https://www.instagram.com/stories/ana/123/', 'not_a_post_url'],
  ['https://www.tiktok.com/@ana.cruz', 'not_a_post_url'],
  ['https://www.tiktok.com/@ana/video/notanumber', 'not_a_post_url'],
  ['https://www.youtube.com/watch?v=short', 'not_a_post_url'],
  ['https://www.youtube.com/@channel', 'not_a_post_url'],
  ['https://www.youtube.com/playlist?list=PL123', 'not_a_post_url'],
  ['https://youtu.be/', 'not_a_post_url'],
  ['https://instagram.com.evil.example/p/C1a2B3c4D5e/', 'unsupported_host'],
  ['https://example.com/watch?v=dQw4w9WgXcQ', 'unsupported_host'],
];

Deno.test('post URLs: every share-link form names the platform and the id', () => {
  for (const [url, want] of accepted) assertEquals(parsePostUrl(url), { ok: true, ...want }, url);
});

Deno.test('post URLs: profiles, stories, lookalike hosts and malformed ids are refused with a reason', () => {
  for (const [url, reason] of refused) assertEquals(parsePostUrl(url), { ok: false, reason }, url);
});

Deno.test('post URLs: TikTok short links must be resolved by their redirect first', () => {
  for (const url of ['https://vm.tiktok.com/ZMabc123/', 'https://vt.tiktok.com/ZSxyz/', 'https://www.tiktok.com/t/ZT8abc/']) {
    const got = parsePostUrl(url);
    assertEquals(got.ok, false, url);
    assertEquals(!got.ok && got.reason, 'needs_resolution', url);
  }
});
