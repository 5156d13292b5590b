import { assertEquals } from '../../../../testkit/deno/assert.ts';
import type { Decision } from './outcome.ts';
import { type CheckDeps, runCheck } from './run-check.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function deps(over: Partial<CheckDeps> & { answer?: () => Response } = {}): CheckDeps & { recorded: Decision[]; calls: string[] } {
  const recorded: Decision[] = [];
  const calls: string[] = [];
  return {
    recorded, calls,
    input: () => Promise.resolve({ contentUrl: 'https://www.youtube.com/shorts/abcDEF12_-3', creatorId: 'c1', hireStartedAt: new Date('2026-01-10T00:00:00Z'), disclosureTags: null }),
    account: (_c, platform) => Promise.resolve({ id: 'acc1', platform, platformUserId: 'UCmine', status: 'connected' }),
    token: () => Promise.resolve({ ok: true, token: 'tok' }),
    base: () => 'http://yt',
    record: (_id, d) => { recorded.push(d); return Promise.resolve(); },
    fetch: ((url: string) => { calls.push(String(url)); return Promise.resolve((over.answer ?? (() => json(200, { items: [{ id: 'abcDEF12_-3', snippet: { publishedAt: '2026-01-12T00:00:00Z', channelId: 'UCmine', title: 'Review #ad', description: '' } }] })))()); }) as typeof fetch,
    ...over,
  };
}

Deno.test('run-check: the creator\'s own disclosed short is recorded verified', async () => {
  const d = deps();
  await runCheck('d1', d);
  assertEquals(d.recorded.map((r) => [r.outcome, r.postId, r.disclosureVia]), [['verified', 'abcDEF12_-3', 'hashtag']]);
  assertEquals(d.calls.length, 1);
});

Deno.test('run-check: another channel\'s video is not_owner; an old one is published_before_hire', async () => {
  const other = deps({ answer: () => json(200, { items: [{ id: 'abcDEF12_-3', snippet: { publishedAt: '2026-01-12T00:00:00Z', channelId: 'UCother', title: '#ad' } }] }) });
  await runCheck('d1', other);
  assertEquals(other.recorded[0]!.outcome, 'not_owner');
  const old = deps({ answer: () => json(200, { items: [{ id: 'abcDEF12_-3', snippet: { publishedAt: '2025-12-01T00:00:00Z', channelId: 'UCmine', title: '#ad' } }] }) });
  await runCheck('d1', old);
  assertEquals(old.recorded[0]!.outcome, 'published_before_hire');
});

Deno.test('run-check: a token revoked mid-refresh records platform_unavailable (stays due) without calling the platform', async () => {
  const d = deps({ token: () => Promise.resolve({ ok: false, reason: 'reconnect_needed' }) });
  await runCheck('d1', d);
  assertEquals([d.recorded[0]!.outcome, d.recorded[0]!.detail, d.calls.length], ['platform_unavailable', 'reconnect_needed', 0]);
});

Deno.test('run-check: 429 with Retry-After is recorded with the wait; no account on the platform is no_connected_account', async () => {
  const d = deps({ answer: () => json(429, { error: { code: 429, errors: [{ reason: 'rateLimitExceeded' }] } }, { 'retry-after': '45' }) });
  await runCheck('d1', d);
  assertEquals([d.recorded[0]!.outcome, d.recorded[0]!.retryAfterSeconds], ['platform_unavailable', 45]);
  const none = deps({ account: () => Promise.resolve(null) });
  await runCheck('d1', none);
  assertEquals([none.recorded[0]!.outcome, none.calls.length], ['no_connected_account', 0]);
});

Deno.test('run-check: a deliverable that is gone records nothing', async () => {
  const d = deps({ input: () => Promise.resolve(null) });
  assertEquals(await runCheck('d1', d), null);
  assertEquals(d.recorded, []);
});

Deno.test('run-check: a TikTok share link is read through its redirect, then checked as the video it leads to', async () => {
  const video = { id: '7301234567890123456', create_time: Date.parse('2026-01-12T00:00:00Z') / 1000, video_description: 'Unboxing #publicidad' };
  const asked: string[] = [];
  const d = deps({
    input: () => Promise.resolve({ contentUrl: 'https://vm.tiktok.com/ZMabc123/', creatorId: 'c1', hireStartedAt: new Date('2026-01-10T00:00:00Z'), disclosureTags: null }),
    account: (_c, platform) => Promise.resolve({ id: 'acc1', platform, platformUserId: 'open-1', status: 'connected' }),
    resolveShortLink: (url) => { asked.push(url); return Promise.resolve({ ok: true, ref: { ok: true, platform: 'tiktok', videoId: video.id, handle: 'ana.crea' } }); },
    answer: () => json(200, { data: { videos: [video], cursor: 0, has_more: false }, error: { code: 'ok', message: '', log_id: 'l' } }),
  });
  await runCheck('d1', d);
  assertEquals(asked, ['https://vm.tiktok.com/ZMabc123/']);
  assertEquals([d.recorded[0]!.platform, d.recorded[0]!.postId], ['tiktok', video.id]);
});

Deno.test('run-check: a share link to no video names no post; one TikTok did not answer for stays due', async () => {
  const input = () => Promise.resolve({ contentUrl: 'https://vm.tiktok.com/ZMgone/', creatorId: 'c1', hireStartedAt: new Date('2026-01-10T00:00:00Z'), disclosureTags: null });
  const gone = deps({ input, resolveShortLink: () => Promise.resolve({ ok: false, reason: 'not_a_post' }) });
  await runCheck('d1', gone);
  assertEquals([gone.recorded[0]!.outcome, gone.recorded[0]!.detail, gone.calls.length], ['post_not_found', 'not_a_post_url', 0]);
  const down = deps({ input, resolveShortLink: () => Promise.resolve({ ok: false, reason: 'unavailable' }) });
  await runCheck('d1', down);
  assertEquals([down.recorded[0]!.outcome, down.recorded[0]!.detail], ['platform_unavailable', 'short_link_unresolved']);
});
