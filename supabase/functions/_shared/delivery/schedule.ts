// When the delivered post's metrics are read, and when a failed read is tried again (decision 0055).
// Checkpoints count from the platform's publish time, not from the submission, so every post is compared
// at the same age. A failed read stays due: the next attempt waits for the platform's Retry-After when it
// gave one, otherwise an exponential backoff (15 min, 30 min, 1 h, ... capped at 12 h), so a job run never
// loops on one post and a post is never dropped.

export const CHECKPOINTS = [
  { key: '24h', afterSeconds: 24 * 3600 },
  { key: '7d', afterSeconds: 7 * 24 * 3600 },
  { key: '30d', afterSeconds: 30 * 24 * 3600 },
] as const;
export type Checkpoint = (typeof CHECKPOINTS)[number]['key'];

/** Days a delivered post must stay up; deleted or private before then is flagged to both sides and admins. */
export const LIVE_PERIOD_DAYS = 30;

const BASE_BACKOFF_SECONDS = 15 * 60;
const MAX_BACKOFF_SECONDS = 12 * 3600;

export function dueAt(publishedAt: Date, checkpoint: Checkpoint): Date {
  const c = CHECKPOINTS.find((x) => x.key === checkpoint)!;
  return new Date(publishedAt.getTime() + c.afterSeconds * 1000);
}

/** The next attempt after `attempts` failed ones (attempts >= 1). */
export function nextAttemptAt(now: Date, attempts: number, retryAfterSeconds?: number): Date {
  const backoff = Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));
  const wait = retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? Math.min(MAX_BACKOFF_SECONDS, Math.max(retryAfterSeconds, 60)) : backoff;
  return new Date(now.getTime() + wait * 1000);
}
