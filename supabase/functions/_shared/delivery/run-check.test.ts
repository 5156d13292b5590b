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
