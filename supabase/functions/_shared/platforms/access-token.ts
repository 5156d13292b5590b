/**
 * A valid access token for a connected account (the shared contract of issue 35): refreshed first when it
 * expires within 5 minutes. A refresh the platform refuses (revoked or expired grant) marks the account
 * reconnect_needed, which notifies the creator (api.social_account_refresh_failed); a throttled or failing
 * platform leaves the account as it is and says when to come back, never retrying in a loop.
 */
import { callRpc } from '../rpc.ts';
import type { ApiClient } from '../user-client.ts';
import { credentialsOf, isPlatform, refreshTokens, type Platform, type TokenSet } from './oauth.ts';

export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export interface AccountRef {
  id: string;
  platform: Platform;
  platform_user_id: string;
  handle: string;
}

export type FreshAccessToken =
  | { ok: true; token: string; account: AccountRef }
  | { ok: false; reason: 'reconnect_needed' | 'unavailable'; retryAfterSeconds?: number };

interface StoredTokens {
  account_id: string;
  platform: string;
  platform_user_id: string;
  handle: string;
  status: string;
  access_token: string;
  refresh_token: string | null;
  access_expires_at: string | null;
  refresh_expires_at: string | null;
}

type Refresh = typeof refreshTokens;

/** Reads the account's tokens (service role), refreshing them first when they are about to expire. */
export async function freshAccessToken(service: ApiClient, accountId: string,
  deps: { refresh?: Refresh; now?: () => number } = {}): Promise<FreshAccessToken> {
  const now = deps.now ?? Date.now;
  const rows = await callRpc<StoredTokens[]>(service, 'social_account_tokens', { account_id: accountId });
  const stored = rows[0];
  if (!stored || !isPlatform(stored.platform)) return { ok: false, reason: 'reconnect_needed' };
  if (stored.status === 'reconnect_needed') return { ok: false, reason: 'reconnect_needed' };
  const account: AccountRef = { id: stored.account_id, platform: stored.platform, platform_user_id: stored.platform_user_id, handle: stored.handle };
  const expiresAt = stored.access_expires_at ? Date.parse(stored.access_expires_at) : Number.POSITIVE_INFINITY;
  if (expiresAt - now() > REFRESH_MARGIN_MS) return { ok: true, token: stored.access_token, account };

  const creds = credentialsOf(account.platform);
  if (!creds) return { ok: false, reason: 'unavailable' };
  const refreshed = await (deps.refresh ?? refreshTokens)(account.platform, creds,
    { accessToken: stored.access_token, refreshToken: stored.refresh_token }, fetch, now());
  if (!refreshed.ok) {
    const e = refreshed.error;
    if (e.kind === 'auth' || (e.kind === 'bad_request' && expiresAt <= now())) {
      // The platform refused the grant (or an expired token cannot be refreshed): only the creator can fix it.
      await callRpc(service, 'social_account_refresh_failed', { account_id: account.id, reconnect: true, error: `refresh refused: ${e.code ?? e.kind}` });
      return { ok: false, reason: 'reconnect_needed' };
    }
    await callRpc(service, 'social_account_refresh_failed', { account_id: account.id, reconnect: false, error: `refresh failed: ${e.code ?? e.kind}` });
    return { ok: false, reason: 'unavailable', ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}) };
  }
  await storeTokens(service, account.id, refreshed.value);
  return { ok: true, token: refreshed.value.accessToken, account };
}

/** Keeps a refresh's tokens (a null refresh token keeps the stored one: Google does not rotate). */
export async function storeTokens(service: ApiClient, accountId: string, t: TokenSet): Promise<void> {
  await callRpc(service, 'social_account_store_tokens', {
    account_id: accountId, access_token: t.accessToken, refresh_token: t.refreshToken,
    access_expires_at: t.accessExpiresAt?.toISOString() ?? null, refresh_expires_at: t.refreshExpiresAt?.toISOString() ?? null,
  });
}
