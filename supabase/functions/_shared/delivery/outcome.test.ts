import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { decide, type Lookup } from './outcome.ts';
import { parsePostUrl } from './post-url.ts';

const hireStartedAt = new Date('2026-01-10T00:00:00Z');
const account = { platform: 'instagram' as const, platformUserId: '1784', status: 'connected' as const };
const url = 'https://www.instagram.com/reel/Cx_Yz-12345/';
const post = (over: Partial<{ ownerId: string; publishedAt: Date; texts: string[]; label: boolean | null }> = {}): Lookup => ({
  kind: 'found',
  post: { id: 'Cx_Yz-12345', ownerId: over.ownerId ?? '1784', publishedAt: over.publishedAt ?? new Date('2026-01-12T15:00:00Z'),
    texts: over.texts ?? ['New serum #publi'], paidPartnershipLabel: over.label ?? null },
});
const run = (lookup: Lookup | null, extra: Partial<Parameters<typeof decide>[0]> = {}) =>
  decide({ ref: parsePostUrl(url), account, lookup, hireStartedAt, disclosureTags: null, ...extra });

Deno.test('outcome: the creator\'s own post, after the hire, disclosed, is verified', () => {
  assertEquals(run(post()), { outcome: 'verified', platform: 'instagram', postId: 'Cx_Yz-12345', publishedAt: new Date('2026-01-12T15:00:00Z'), disclosureVia: 'hashtag', detail: 'publi' });
});

Deno.test('outcome: someone else\'s post is not_owner, whether absent from the listing or authored by another id', () => {
  assertEquals(run({ kind: 'absent' }).outcome, 'not_owner');
  assertEquals(run(post({ ownerId: '9999' })).outcome, 'not_owner');
});

Deno.test('outcome: a post published before the hire started is published_before_hire', () => {
  assertEquals(run(post({ publishedAt: new Date('2026-01-09T23:59:59Z') })).outcome, 'published_before_hire');
});

Deno.test('outcome: no disclosure by the campaign\'s rule is missing_disclosure; the label counts', () => {
  assertEquals(run(post({ texts: ['New serum'] })).outcome, 'missing_disclosure');
  assertEquals(run(post({ texts: ['#publi'] }), { disclosureTags: ['patrocinado'] }).outcome, 'missing_disclosure');
  assertEquals(run(post({ texts: ['New serum'], label: true })).disclosureVia, 'label');
});

Deno.test('outcome: no account on that platform; unrecognised URL', () => {
  assertEquals(run(post(), { account: null }).outcome, 'no_connected_account');
  assertEquals(run(post(), { account: { ...account, platform: 'tiktok' } }).outcome, 'no_connected_account');
  assertEquals(decide({ ref: parsePostUrl('https://example.com/x'), account, lookup: null, hireStartedAt, disclosureTags: null }).outcome, 'post_not_found');
});

Deno.test('outcome: platform down, 429 with Retry-After, a revoked grant and an unresolved short link stay due', () => {
  assertEquals(run({ kind: 'failed', reason: 'rate_limited', retryAfterSeconds: 120 }), { outcome: 'platform_unavailable', platform: 'instagram', postId: 'Cx_Yz-12345', publishedAt: null, disclosureVia: null, detail: 'rate_limited', retryAfterSeconds: 120 });
  assertEquals(run({ kind: 'failed', reason: 'unavailable' }).outcome, 'platform_unavailable');
  assertEquals(run(null, { account: { ...account, status: 'reconnect_needed' } }).detail, 'reconnect_needed');
  assertEquals(decide({ ref: parsePostUrl('https://vm.tiktok.com/ZMabc/'), account, lookup: null, hireStartedAt, disclosureTags: null }).outcome, 'platform_unavailable');
});
