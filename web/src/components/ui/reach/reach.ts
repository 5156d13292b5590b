/**
 * Verified vs self-reported follower counts (decision 0054). The api hands every creator card its typed
 * `followers`, its `verified_reach` (app.verified_reach: the sum over connected accounts) and the accounts
 * themselves; this decides what a reader sees, in one place for every screen that shows a count.
 */

export type SocialPlatform = 'instagram' | 'tiktok' | 'youtube';

/** One connected account as app.verified_accounts_json gives it. */
export interface SocialAccountFigure {
  platform: SocialPlatform;
  handle: string;
  profile_url: string | null;
  /** null when the platform hides the count (YouTube's hidden subscriber count). */
  followers: number | null;
  followers_as_of: string | null;
  status: 'connected' | 'reconnect_needed';
}

/** A count older than this loses its Verified mark and reads "Last verified {date}" (decision 0054). */
export const VERIFIED_MARK_DAYS = 7;

/** True while the count is recent enough to carry the Verified mark: reported within VERIFIED_MARK_DAYS. */
export function isFreshlyVerified(account: Pick<SocialAccountFigure, 'followers_as_of'>, now: Date): boolean {
  if (!account.followers_as_of) return false;
  const age = now.getTime() - new Date(account.followers_as_of).getTime();
  return age <= VERIFIED_MARK_DAYS * 86_400_000;
}

/** The figure a card shows: the verified reach when any account is connected, else the typed count. */
export type ReachFigure =
  /** value null: every connected account hides its count (nothing to add up, not a count of 0). */
  | { kind: 'verified'; value: number | null; asOf: string | null; platforms: SocialPlatform[] }
  | { kind: 'self_reported'; value: number };

/**
 * Reads a card's counts. Verified when at least one account is connected (its reach may be 0 with a hidden
 * count); asOf is the oldest date among the connected accounts' counts, so the figure never claims to be
 * newer than its oldest part. bigint arrives as a number or a numeric string.
 */
export function reachFigure(card: {
  followers: number | null;
  verified_reach?: number | string | null;
  social_accounts?: unknown;
}): ReachFigure {
  const connected = socialAccounts(card.social_accounts).filter((a) => a.status === 'connected');
  if (connected.length === 0) return { kind: 'self_reported', value: card.followers ?? 0 };
  const dates = connected.map((a) => a.followers_as_of).filter((d): d is string => d != null).sort();
  return {
    kind: 'verified',
    value: connected.every((a) => a.followers == null) ? null : Number(card.verified_reach ?? 0),
    asOf: dates[0] ?? null,
    platforms: connected.map((a) => a.platform),
  };
}

const PLATFORMS: readonly string[] = ['instagram', 'tiktok', 'youtube'];

/** The accounts of a card's `social_accounts` jsonb, ignoring anything that is not one. */
export function socialAccounts(value: unknown): SocialAccountFigure[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is SocialAccountFigure =>
      typeof a === 'object' && a !== null && PLATFORMS.includes((a as SocialAccountFigure).platform) && typeof (a as SocialAccountFigure).handle === 'string',
  );
}
