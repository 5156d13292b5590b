import { assertEquals } from '../../../../testkit/deno/assert.ts';
import type { PlatformBaseKey } from '../platforms/bases.ts';
import { resolveShortLink } from './short-link.ts';

/** Answers by URL; records what was asked and how. */
function fake(answers: Record<string, () => Response | Promise<Response>>) {
  const asked: Array<{ url: string; redirect: string | undefined }> = [];
  const fetchFn = ((url: string, init?: RequestInit) => {
    asked.push({ url: String(url), redirect: init?.redirect });
    const a = answers[String(url)];
    return a ? Promise.resolve(a()) : Promise.resolve(new Response('Not Found', { status: 404 }));
  }) as typeof fetch;
  return { asked, fetchFn };
}
const base = (key: PlatformBaseKey) => ({ TIKTOK_VM_BASE: 'http://dbl/vm', TIKTOK_VT_BASE: 'http://dbl/vt', TIKTOK_WEB_BASE: 'http://dbl/www' } as Record<string, string>)[key]!;
const moved = (location: string) => () => new Response(null, { status: 301, headers: { location } });

Deno.test('short links: each share host is asked through its own base, the redirect read and not followed', async () => {
  const { asked, fetchFn } = fake({
    'http://dbl/vm/ZMabc123/': moved('https://www.tiktok.com/@ana.crea/video/7301234567890123456?_r=1&_t=x'),
    'http://dbl/vt/ZSxyz/': moved('https://www.tiktok.com/@ana.crea/video/7301234567890000001'),
    'http://dbl/www/t/ZT8abc/': moved('https://m.tiktok.com/v/7301234567890000002.html'),
  });
  const vm = await resolveShortLink('https://vm.tiktok.com/ZMabc123/', { fetch: fetchFn, base });
  assertEquals(vm, { ok: true, ref: { ok: true, platform: 'tiktok', videoId: '7301234567890123456', handle: 'ana.crea' } });
  assertEquals((await resolveShortLink('https://vt.tiktok.com/ZSxyz/', { fetch: fetchFn, base })).ok, true);
  const t = await resolveShortLink('https://www.tiktok.com/t/ZT8abc/', { fetch: fetchFn, base });
  assertEquals(t.ok && t.ref.platform === 'tiktok' ? t.ref.videoId : null, '7301234567890000002');
  assertEquals(asked.map((a) => a.redirect), ['manual', 'manual', 'manual']);
});

Deno.test('short links: a redirect to another share link is read again, at most three hops', async () => {
  const { asked, fetchFn } = fake({
    'http://dbl/vt/A1/': moved('https://vm.tiktok.com/B2/'),
    'http://dbl/vm/B2/': moved('/t/C3/'),
    'http://dbl/vm/t/C3/': moved('https://www.tiktok.com/@x/video/73012345678901'),
  });
  // A relative Location is relative to the real host (vm.tiktok.com/t/C3/ is not a share path: no video).
  assertEquals(await resolveShortLink('https://vt.tiktok.com/A1/', { fetch: fetchFn, base }), { ok: false, reason: 'not_a_post' });
  assertEquals(asked.length, 2);
  const loop = fake({ 'http://dbl/vm/L/': moved('https://vm.tiktok.com/L/') });
  assertEquals(await resolveShortLink('https://vm.tiktok.com/L/', { fetch: loop.fetchFn, base }), { ok: false, reason: 'not_a_post' });
  assertEquals(loop.asked.length, 3);
});

Deno.test('short links: unknown codes and pages that are not videos are final; a TikTok that does not answer is tried later', async () => {
  const { fetchFn } = fake({
    'http://dbl/vm/HOME/': moved('https://www.tiktok.com/'),
    'http://dbl/vm/YT/': moved('https://www.youtube.com/watch?v=abcDEF12_-3'),
    'http://dbl/vm/OK200/': () => new Response('<html>TikTok</html>', { status: 200 }),
    'http://dbl/vm/BUSY/': () => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '30' } }),
    'http://dbl/vm/DOWN/': () => new Response('', { status: 503 }),
    'http://dbl/vm/NET/': () => Promise.reject(new TypeError('connection refused')),
  });
  const r = (code: string) => resolveShortLink(`https://vm.tiktok.com/${code}/`, { fetch: fetchFn, base });
  assertEquals([(await r('GONE')), await r('HOME'), await r('YT'), await r('OK200')].map((x) => x.ok ? 'ok' : x.reason), ['not_a_post', 'not_a_post', 'not_a_post', 'not_a_post']);
  assertEquals([await r('BUSY'), await r('DOWN'), await r('NET')].map((x) => x.ok ? 'ok' : x.reason), ['unavailable', 'unavailable', 'unavailable']);
});

Deno.test('short links: a hung TikTok is given up on at the timeout', async () => {
  const hung = ((_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
  })) as typeof fetch;
  assertEquals(await resolveShortLink('https://vm.tiktok.com/SLOW/', { fetch: hung, base, timeoutMs: 50 }), { ok: false, reason: 'unavailable' });
});
