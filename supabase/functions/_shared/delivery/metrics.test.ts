import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { readMetrics } from './metrics.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const answer = (r: Response) => (() => Promise.resolve(r)) as typeof fetch;
const none = { views: null, likes: null, comments: null, shares: null, saves: null, reach: null };

Deno.test('instagram insights: each metric mapped; an empty data set is null, not 0', async () => {
  const body = { data: [{ name: 'views', values: [{ value: 1200 }] }, { name: 'saved', values: [{ value: 0 }] }, { name: 'reach', values: [{ value: 900 }] }] };
  assertEquals(await readMetrics({ platform: 'instagram', base: 'http://g', token: 't', postId: '179', fetch: answer(json(200, body)) }),
    { kind: 'live', metrics: { ...none, views: 1200, saves: 0, reach: 900 } });
  assertEquals(await readMetrics({ platform: 'instagram', base: 'http://g', token: 't', postId: '179', fetch: answer(json(200, { data: [] })) }), { kind: 'live', metrics: none });
});

Deno.test('instagram: 100/33 (deleted or archived) is gone; code 4 with Retry-After is rate_limited', async () => {
  assertEquals(await readMetrics({ platform: 'instagram', base: 'http://g', token: 't', postId: '1', fetch: answer(json(400, { error: { code: 100, error_subcode: 33 } })) }), { kind: 'gone', removedAs: 'deleted' });
  assertEquals(await readMetrics({ platform: 'instagram', base: 'http://g', token: 't', postId: '1', fetch: answer(json(429, { error: { code: 4 } }, { 'retry-after': '30' })) }), { kind: 'failed', reason: 'rate_limited', retryAfterSeconds: 30 });
});

Deno.test('tiktok: counts omitted are null; no saves or reach; a missing video is gone', async () => {
  const body = { data: { videos: [{ id: '73', view_count: 500, like_count: 40 }] }, error: { code: 'ok' } };
  assertEquals(await readMetrics({ platform: 'tiktok', base: 'http://t', token: 't', postId: '73', fetch: answer(json(200, body)) }), { kind: 'live', metrics: { ...none, views: 500, likes: 40 } });
  assertEquals(await readMetrics({ platform: 'tiktok', base: 'http://t', token: 't', postId: '73', fetch: answer(json(200, { data: { videos: [] }, error: { code: 'ok' } })) }), { kind: 'gone', removedAs: 'deleted' });
  assertEquals(await readMetrics({ platform: 'tiktok', base: 'http://t', token: 't', postId: '73', fetch: answer(json(401, { error: { code: 'access_token_invalid' } })) }), { kind: 'failed', reason: 'reconnect_needed' });
});

Deno.test('youtube: string counts; hidden likes null; private and deleted are gone; a refused connection is unavailable', async () => {
  const live = { items: [{ id: 'v1', status: { privacyStatus: 'public' }, statistics: { viewCount: '3400', commentCount: '12', favoriteCount: '0' } }] };
  assertEquals(await readMetrics({ platform: 'youtube', base: 'http://y', token: 't', postId: 'v1', fetch: answer(json(200, live)) }), { kind: 'live', metrics: { ...none, views: 3400, comments: 12 } });
  assertEquals(await readMetrics({ platform: 'youtube', base: 'http://y', token: 't', postId: 'v1', fetch: answer(json(200, { items: [{ id: 'v1', status: { privacyStatus: 'private' } }] })) }), { kind: 'gone', removedAs: 'private' });
  assertEquals(await readMetrics({ platform: 'youtube', base: 'http://y', token: 't', postId: 'v1', fetch: answer(json(200, { items: [] })) }), { kind: 'gone', removedAs: 'deleted' });
  const refused = (() => Promise.reject(new TypeError('refused'))) as typeof fetch;
  assertEquals(await readMetrics({ platform: 'youtube', base: 'http://y', token: 't', postId: 'v1', fetch: refused }), { kind: 'failed', reason: 'unavailable' });
});
