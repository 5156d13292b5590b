// The delivery modules' collaborators made real (decision 0055): the service-role api functions for the
// database, freshAccessToken for the creator's token and platformBase for each platform's API origin, so the
// same code reads the doubles locally and the platforms when deployed.

import { readMetrics } from '../_shared/delivery/metrics.ts';
import type { Decision } from '../_shared/delivery/outcome.ts';
import type { Platform } from '../_shared/delivery/post-url.ts';
import { resolveShortLink } from '../_shared/delivery/short-link.ts';
import type { CheckDeps, ConnectedAccount, TokenResult } from '../_shared/delivery/run-check.ts';
import { type DueSnapshot, type SnapshotDeps, snapshotArgs } from '../_shared/delivery/take-snapshot.ts';
import { freshAccessToken } from '../_shared/platforms/access-token.ts';
import { platformBase } from '../_shared/platforms/bases.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { ApiClient } from '../_shared/user-client.ts';

export function apiBase(platform: Platform): string {
  return platformBase(platform === 'instagram' ? 'INSTAGRAM_GRAPH_BASE' : platform === 'tiktok' ? 'TIKTOK_API_BASE' : 'YOUTUBE_API_BASE');
}

async function account(service: ApiClient, creatorId: string, platform: Platform): Promise<ConnectedAccount | null> {
  const rows = await callRpc<Array<{ id: string; platform_user_id: string; status: string }>>(service, 'delivery_check_account', { creator_id: creatorId, platform });
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, platform, platformUserId: row.platform_user_id, status: row.status === 'connected' ? 'connected' : 'reconnect_needed' };
}

async function token(service: ApiClient, accountId: string): Promise<TokenResult> {
  const t = await freshAccessToken(service, accountId);
  return t.ok ? { ok: true, token: t.token } : { ok: false, reason: t.reason, ...(t.retryAfterSeconds !== undefined ? { retryAfterSeconds: t.retryAfterSeconds } : {}) };
}

export function checkDeps(service: ApiClient, fetchFn: typeof fetch): CheckDeps {
  return {
    async input(deliverableId) {
      const rows = await callRpc<Array<{ content_url: string; creator_id: string | null; hire_started_at: string; disclosure_tags: string[] | null }>>(
        service, 'delivery_check_input', { deliverable_id: deliverableId });
      const row = rows[0];
      if (!row?.creator_id) return null;
      return { contentUrl: row.content_url, creatorId: row.creator_id, hireStartedAt: new Date(row.hire_started_at), disclosureTags: row.disclosure_tags };
    },
    account: (creatorId, platform) => account(service, creatorId, platform),
    token: (accountId) => token(service, accountId),
    base: apiBase,
    record: async (deliverableId, d: Decision) => {
      await callRpc(service, 'record_delivery_check', {
        deliverable_id: deliverableId, outcome: d.outcome, platform: d.platform, post_id: d.postId,
        published_at: d.publishedAt?.toISOString() ?? null, disclosure_via: d.disclosureVia, detail: d.detail,
        retry_after_seconds: d.retryAfterSeconds ?? null,
      });
    },
    resolveShortLink: (url) => resolveShortLink(url, { fetch: fetchFn }),
    fetch: fetchFn,
  };
}

/** `at`: the scheduler's clock when its run was given one (the local test hook); otherwise the database's own. */
export function snapshotDeps(service: ApiClient, fetchFn: typeof fetch, at?: Date): SnapshotDeps {
  return {
    account: (creatorId, platform) => account(service, creatorId, platform),
    token: (accountId) => token(service, accountId),
    read: ({ platform, token, postId }) => readMetrics({ platform, base: apiBase(platform), token, postId, fetch: fetchFn }),
    record: async (due: DueSnapshot, r) => {
      await callRpc(service, 'record_post_snapshot', { ...snapshotArgs(due, r), ...(at ? { at: at.toISOString() } : {}) });
    },
  };
}
