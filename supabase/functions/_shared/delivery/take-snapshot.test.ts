import { assertEquals } from '../../../../testkit/deno/assert.ts';
import type { MetricsRead } from './metrics.ts';
import { type DueSnapshot, type SnapshotDeps, type SnapshotRecord, snapshotArgs, takeSnapshot } from './take-snapshot.ts';

const due: DueSnapshot = { deliverableId: 'd1', checkpoint: '24h', creatorId: 'c1', platform: 'tiktok', postId: 'v1' };

function deps(over: Partial<SnapshotDeps> & { answer?: MetricsRead } = {}): SnapshotDeps & { recorded: SnapshotRecord[]; reads: number } {
  const out = {
    recorded: [] as SnapshotRecord[], reads: 0,
    account: (_c: string, platform: 'instagram' | 'tiktok' | 'youtube') => Promise.resolve({ id: 'a1', platform, platformUserId: 'u1', status: 'connected' as const }),
    token: () => Promise.resolve({ ok: true as const, token: 'tok' }),
    read: () => { out.reads++; return Promise.resolve(over.answer ?? { kind: 'live', metrics: { views: 10, likes: 2, comments: null, shares: 0, saves: null, reach: null } }); },
    record: (_d: DueSnapshot, r: SnapshotRecord) => { out.recorded.push(r); return Promise.resolve(); },
  };
  return Object.assign(out, over);
}

Deno.test('take-snapshot: a live post records its metrics, nulls kept as null', async () => {
  const d = deps();
  const r = await takeSnapshot(due, d);
  assertEquals(d.recorded.length, 1);
  assertEquals(snapshotArgs(due, r), { deliverable_id: 'd1', checkpoint: '24h', ok: true, is_live: true, views: 10, likes: 2, comments: null, shares: 0, saves: null, reach: null });
});

Deno.test('take-snapshot: a post gone records is_live false with how it went', async () => {
  const d = deps({ answer: { kind: 'gone', removedAs: 'private' } });
  const r = await takeSnapshot(due, d);
  assertEquals(snapshotArgs(due, r), { deliverable_id: 'd1', checkpoint: '24h', ok: true, is_live: false, removed_as: 'private' });
});

Deno.test('take-snapshot: a 429 records a failure carrying Retry-After (stays due), once', async () => {
  const d = deps({ answer: { kind: 'failed', reason: 'rate_limited', retryAfterSeconds: 120 } });
  const r = await takeSnapshot(due, d);
  assertEquals(d.recorded.length, 1);
  assertEquals(snapshotArgs(due, r), { deliverable_id: 'd1', checkpoint: '24h', ok: false, error: 'rate_limited', retry_after_seconds: 120 });
});

Deno.test('take-snapshot: no connected account or a refused token never calls the platform', async () => {
  const gone = deps({ account: () => Promise.resolve(null) });
  assertEquals(snapshotArgs(due, await takeSnapshot(due, gone)).error, 'reconnect_needed');
  assertEquals(gone.reads, 0);
  const revoked = deps({ token: () => Promise.resolve({ ok: false, reason: 'reconnect_needed' }) });
  assertEquals(snapshotArgs(due, await takeSnapshot(due, revoked)).error, 'reconnect_needed');
  assertEquals(revoked.reads, 0);
  const unknown = deps();
  assertEquals(snapshotArgs({ ...due, postId: null }, await takeSnapshot({ ...due, postId: null }, unknown)).error, 'post_unknown');
  assertEquals(unknown.reads, 0);
});
