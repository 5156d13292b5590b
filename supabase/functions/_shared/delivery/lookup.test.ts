import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { lookupPost } from './lookup.ts';
import { parsePostUrl, type PostRef } from './post-url.ts';

// The platform answers in the shapes decision 0052 records (and the doubles serve), played by a fake fetch.

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ref = (url: string) => parsePostUrl(url) as PostRef & { ok: true };
const seen: string[] = [];
const fake = (answer: (url: string, init?: RequestInit) => Response) => ((input: string | URL | Request, init?: RequestInit) => {
  seen.push(String(input));
  return Promise.resolve(answer(String(input), init));
}) as typeof fetch;

Deno.test('instagram: the shortcode is found on a later page of the account\'s own media', async () => {
  seen.length = 0;
  const f = fake((url) => url.includes('after=p2')
    ? json(200, { data: [{ id: '179', shortcode: 'Cx_Yz-12345', caption: 'Look #publi', timestamp: '2026-01-12T15:00:00+0000' }], paging: {} })
    : json(200, { data: [{ id: '178', shortcode: 'OTHER12345', timestamp: '2026-01-01T00:00:00+0000' }], paging: { next: 'http://g/me/media?after=p2' } }));
  const got = await lookupPost({ ref: ref('https://www.instagram.com/reel/Cx_Yz-12345/'), base: 'http://g', token: 't', ownerId: '1784', fetch: f });
  assertEquals(got, { kind: 'found', post: { id: '179', ownerId: '1784', publishedAt: new Date('2026-01-12T15:00:00Z'), texts: ['Look #publi'], paidPartnershipLabel: null } });
  assertEquals(seen.length, 2);
});

Deno.test('instagram: not in the listing is absent; paging is bounded', async () => {
  seen.length = 0;
  const f = fake(() => json(200, { data: [{ id: '1', shortcode: 'NOPE123456', timestamp: '2026-01-01T00:00:00+0000' }], paging: { next: 'http://g/me/media?after=x' } }));
  assertEquals(await lookupPost({ ref: ref('https://www.instagram.com/p/Cx_Yz-12345/'), base: 'http://g', token: 't', ownerId: '1', fetch: f }), { kind: 'absent' });
  assertEquals(seen.length, 20);
});

Deno.test('instagram: code 4 with Retry-After is rate_limited; code 190 is reconnect_needed', async () => {
  const r = ref('https://www.instagram.com/p/Cx_Yz-12345/');
  assertEquals(await lookupPost({ ref: r, base: 'http://g', token: 't', ownerId: '1', fetch: fake(() => json(429, { error: { code: 4, message: '(#4)' } }, { 'retry-after': '90' })) }),
    { kind: 'failed', reason: 'rate_limited', retryAfterSeconds: 90 });
  // Meta may throttle with a 400 or 403: the body's code decides.
  assertEquals((await lookupPost({ ref: r, base: 'http://g', token: 't', ownerId: '1', fetch: fake(() => json(400, { error: { code: 80002 } })) })).kind, 'failed');
  assertEquals(await lookupPost({ ref: r, base: 'http://g', token: 't', ownerId: '1', fetch: fake(() => json(400, { error: { code: 190, error_subcode: 458 } })) }),
    { kind: 'failed', reason: 'reconnect_needed' });
});

Deno.test('tiktok: video/query returns the user\'s own video, or omits it', async () => {
  const r = ref('https://www.tiktok.com/@ana/video/7301234567890123456');
  const own = fake((_u, init) => {
    assertEquals(JSON.parse(String(init?.body)), { filters: { video_ids: ['7301234567890123456'] } });
    return json(200, { data: { videos: [{ id: '7301234567890123456', create_time: 1768230000, title: 'hola', video_description: 'hola #publicidad' }] }, error: { code: 'ok' } });
  });
  const got = await lookupPost({ ref: r, base: 'http://t', token: 't', ownerId: 'open1', fetch: own });
  assertEquals(got.kind === 'found' && got.post.publishedAt.toISOString(), new Date(1768230000 * 1000).toISOString());
  assertEquals(await lookupPost({ ref: r, base: 'http://t', token: 't', ownerId: 'open1', fetch: fake(() => json(200, { data: { videos: [] }, error: { code: 'ok' } })) }), { kind: 'absent' });
  assertEquals(await lookupPost({ ref: r, base: 'http://t', token: 't', ownerId: 'open1', fetch: fake(() => json(401, { data: {}, error: { code: 'access_token_invalid' } })) }), { kind: 'failed', reason: 'reconnect_needed' });
});

Deno.test('youtube: the author is the snippet\'s channelId; the paid-placement label is read; a missing item is absent', async () => {
  const r = ref('https://youtu.be/dQw4w9WgXcQ');
  const f = fake(() => json(200, { items: [{ id: 'dQw4w9WgXcQ', snippet: { publishedAt: '2026-01-12T15:00:00Z', channelId: 'UCother', title: 'x', description: 'y' }, paidProductPlacementDetails: { hasPaidProductPlacement: true } }] }));
  const got = await lookupPost({ ref: r, base: 'http://y', token: 't', ownerId: 'UCmine', fetch: f });
  assertEquals(got.kind === 'found' && [got.post.ownerId, got.post.paidPartnershipLabel], ['UCother', true]);
  assertEquals(await lookupPost({ ref: r, base: 'http://y', token: 't', ownerId: 'UCmine', fetch: fake(() => json(200, { items: [] })) }), { kind: 'absent' });
  assertEquals(await lookupPost({ ref: r, base: 'http://y', token: 't', ownerId: 'UCmine', fetch: fake(() => json(403, { error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } })) }),
    { kind: 'failed', reason: 'rate_limited', retryAfterSeconds: undefined });
});

Deno.test('platform down: a refused connection and a 503 are unavailable', async () => {
  const r = ref('https://youtu.be/dQw4w9WgXcQ');
  const refused = (() => Promise.reject(new TypeError('connection refused'))) as typeof fetch;
  assertEquals(await lookupPost({ ref: r, base: 'http://y', token: 't', ownerId: 'UC', fetch: refused }), { kind: 'failed', reason: 'unavailable' });
  assertEquals((await lookupPost({ ref: r, base: 'http://y', token: 't', ownerId: 'UC', fetch: fake(() => new Response('oops', { status: 503 })) }) as { reason: string }).reason, 'unavailable');
});
