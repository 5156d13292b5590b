// The daily follower refresh (decision 0054), run by the scheduler every 5 minutes through
// POST /social-connect/refresh. Each platform gets its own batch (its limit caps it alone) and is read one
// account after another; the first 429 of a platform ends that platform's run: the account read and the
// rest of its batch come back after the platform's Retry-After, so nothing is retried in a loop.

import { freshAccessToken } from '../_shared/platforms/access-token.ts';
import { type Platform, PLATFORMS, readProfile } from '../_shared/platforms/oauth.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { ApiClient } from '../_shared/user-client.ts';

/** Accounts per platform per run, from decision 0054's arithmetic (YouTube: the default quota's 27 a run). */
export const REFRESH_BATCH: Record<Platform, number> = { instagram: 1736, tiktok: 2500, youtube: 27 };

export interface RefreshSummary {
  refreshed: number;
  reconnect: number;
  failed: number;
  deferred: number;
}

interface DueAccount { id: string; platform: string }

export async function refreshDue(service: ApiClient, fetchFn: typeof fetch, log: (line: string) => void,
  batch: Record<Platform, number> = REFRESH_BATCH): Promise<RefreshSummary> {
  const sum: RefreshSummary = { refreshed: 0, reconnect: 0, failed: 0, deferred: 0 };
  await Promise.all(PLATFORMS.map(async (platform) => {
    const due = await callRpc<DueAccount[]>(service, 'social_accounts_due_for_refresh', { batch: batch[platform], only_platform: platform });
    let throttledFor: number | null = null;
    for (const acc of due) {
      if (throttledFor !== null) {
        await callRpc(service, 'social_account_refresh_later', { account_id: acc.id, retry_after_seconds: throttledFor });
        sum.deferred++;
        continue;
      }
      try {
        const r = await refreshOne(service, acc.id, platform, fetchFn);
        if (r.kind === 'throttled') {
          throttledFor = r.retryAfterSeconds;
          await callRpc(service, 'social_account_refresh_later', { account_id: acc.id, retry_after_seconds: throttledFor });
          sum.deferred++;
        } else sum[r.kind]++;
      } catch (e) {
        sum.failed++;
        log(`social-connect/refresh: ${platform} ${acc.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }));
  return sum;
}

type One = { kind: 'refreshed' | 'reconnect' | 'failed' } | { kind: 'throttled'; retryAfterSeconds: number };

async function refreshOne(service: ApiClient, accountId: string, platform: Platform, fetchFn: typeof fetch): Promise<One> {
  const token = await freshAccessToken(service, accountId);
  if (!token.ok) {
    // freshAccessToken already recorded why on the account (reconnect_needed, or the passing error).
    if (token.reason === 'reconnect_needed') return { kind: 'reconnect' };
    return token.retryAfterSeconds !== undefined ? { kind: 'throttled', retryAfterSeconds: token.retryAfterSeconds } : { kind: 'failed' };
  }
  const profile = await readProfile(platform, token.token, fetchFn);
  if (!profile.ok) {
    const e = profile.error;
    const reconnect = e.kind === 'auth';
    await callRpc(service, 'social_account_refresh_failed', { account_id: accountId, reconnect, error: `profile read: ${e.code ?? e.kind}` });
    if (reconnect) return { kind: 'reconnect' };
    if (e.kind === 'rate_limited') return { kind: 'throttled', retryAfterSeconds: e.retryAfterSeconds ?? 60 };
    return { kind: 'failed' };
  }
  const p = profile.value;
  if (p.platformUserId !== token.account.platform_user_id) {
    // The token answers for another platform account: never write its followers onto this one.
    await callRpc(service, 'social_account_refresh_failed', { account_id: accountId, reconnect: true, error: 'profile read: another account' });
    return { kind: 'reconnect' };
  }
  await callRpc(service, 'social_account_refreshed', {
    account_id: accountId, handle: p.handle, display_name: p.displayName, profile_url: p.profileUrl,
    followers: p.followers, followers_as_of: new Date().toISOString(),
  });
  return { kind: 'refreshed' };
}
