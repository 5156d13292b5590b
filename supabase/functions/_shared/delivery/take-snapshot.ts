// One checkpoint reading of a delivered post (decision 0055), collaborators passed in like run-check.ts:
// the delivery-verify function gives the service-role calls and the platform bases, tests give fakes.
// Every path records exactly one result: a reading (live or gone) or a failure that stays due.

import type { MetricsRead } from './metrics.ts';
import type { Platform } from './post-url.ts';
import type { ConnectedAccount, TokenResult } from './run-check.ts';

export interface DueSnapshot {
  deliverableId: string;
  checkpoint: string;
  creatorId: string | null;
  platform: Platform | null;
  postId: string | null;
}

export type SnapshotRecord =
  | { ok: true; read: Extract<MetricsRead, { kind: 'live' | 'gone' }> }
  | { ok: false; error: string; retryAfterSeconds?: number };

export interface SnapshotDeps {
  account(creatorId: string, platform: Platform): Promise<ConnectedAccount | null>;
  token(accountId: string): Promise<TokenResult>;
  read(opts: { platform: Platform; token: string; postId: string }): Promise<MetricsRead>;
  record(due: DueSnapshot, result: SnapshotRecord): Promise<void>;
}

export async function takeSnapshot(due: DueSnapshot, deps: SnapshotDeps): Promise<SnapshotRecord> {
  const result = await reading(due, deps);
  await deps.record(due, result);
  return result;
}

async function reading(due: DueSnapshot, deps: SnapshotDeps): Promise<SnapshotRecord> {
  if (!due.creatorId || !due.platform || !due.postId) return { ok: false, error: 'post_unknown' };
  const account = await deps.account(due.creatorId, due.platform);
  // Disconnected or revoked: nobody can read the post until the creator reconnects; the backoff (capped at 12 h) waits for that.
  if (!account || account.status !== 'connected') return { ok: false, error: 'reconnect_needed' };
  const token = await deps.token(account.id);
  if (!token.ok) return { ok: false, error: token.reason, ...(token.retryAfterSeconds !== undefined ? { retryAfterSeconds: token.retryAfterSeconds } : {}) };
  const read = await deps.read({ platform: due.platform, token: token.token, postId: due.postId });
  if (read.kind === 'failed') return { ok: false, error: read.reason, ...(read.retryAfterSeconds !== undefined ? { retryAfterSeconds: read.retryAfterSeconds } : {}) };
  return { ok: true, read };
}

/** The record_post_snapshot arguments of a result. */
export function snapshotArgs(due: DueSnapshot, r: SnapshotRecord): Record<string, unknown> {
  const at = { deliverable_id: due.deliverableId, checkpoint: due.checkpoint };
  if (!r.ok) return { ...at, ok: false, error: r.error, retry_after_seconds: r.retryAfterSeconds ?? null };
  if (r.read.kind === 'gone') return { ...at, ok: true, is_live: false, removed_as: r.read.removedAs };
  const m = r.read.metrics;
  return { ...at, ok: true, is_live: true, views: m.views, likes: m.likes, comments: m.comments, shares: m.shares, saves: m.saves, reach: m.reach };
}
