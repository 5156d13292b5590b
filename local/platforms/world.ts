import { randomBytes } from 'node:crypto';

export const PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface Account {
  platform: Platform;
  id: string;
  username: string;
  displayName: string;
  followers: number;
  following: number;
  /** TikTok's likes_count, YouTube's channel viewCount. */
  likes: number;
  /** YouTube lets a channel hide its subscriber count; the API then omits subscriberCount. */
  hiddenFollowers: boolean;
  /** Newest first, as every platform lists them. */
  postIds: string[];
}

/** Metrics left undefined have no data yet: the platforms omit them rather than answer 0. */
export interface PostMetrics {
  views?: number;
  reach?: number;
  likes?: number;
  comments?: number;
  shares?: number;
  saves?: number;
}

export interface Post {
  id: string;
  accountId: string;
  platform: Platform;
  /** The code in the post's public URL (Instagram's shortcode; TikTok and YouTube use the id). */
  code: string;
  createdAtMs: number;
  caption: string;
  /** `private`: Instagram's archived, TikTok's "only me", YouTube's private video. */
  status: 'live' | 'deleted' | 'private';
  metrics: PostMetrics;
  /** TikTok only: the code of the video's share link (vm.tiktok.com/<shortCode>/), which names no id. */
  shortCode?: string;
}

/** What the user granted one app: revoking it kills every token issued under it. */
export interface Grant {
  id: string;
  platform: Platform;
  accountId: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

export interface IssuedToken {
  value: string;
  kind: 'access' | 'refresh';
  grantId: string;
  expiresAtMs: number;
  /** Instagram's short-lived (1 h) token can only be exchanged, its long-lived one only refreshed. */
  longLived: boolean;
  /** Set when a rotating refresh token was used, or the token revoked on its own. */
  spent: boolean;
}

export interface PlatformSettings {
  accessTtlS: number;
  refreshTtlS: number;
  /** How old a post must be before its insights/metrics are reported (Instagram: up to 48 h). */
  insightsDelayMs: number;
}

/** Per platform, what the documentation states (decision 0052); tests shorten them through /_control. */
export const DEFAULT_SETTINGS: Record<Platform, PlatformSettings> = {
  // Short-lived token 1 h; its long-lived exchange and each refresh give 60 days (set in instagram.ts).
  instagram: { accessTtlS: 3600, refreshTtlS: 0, insightsDelayMs: 48 * 3600_000 },
  // Access 2 h and refresh 180 days in the 2026 token-management page (older pages said 24 h and 365 days).
  tiktok: { accessTtlS: 7200, refreshTtlS: 180 * 86400, insightsDelayMs: 0 },
  // Google access tokens live 3599 s; refresh tokens do not expire by time in production.
  youtube: { accessTtlS: 3599, refreshTtlS: 0, insightsDelayMs: 0 },
};

export const INSTAGRAM_LONG_LIVED_S = 60 * 86400;

export interface Throttle {
  /** How many of the next calls to the platform's API are refused. */
  calls: number;
  retryAfterS: number;
  /** YouTube only: `quota` answers the daily quota's 403 quotaExceeded instead of the 429. */
  kind: 'rate' | 'quota';
}

export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

export function numericId(digits = 17): string {
  let s = String(1 + Math.floor(Math.random() * 9));
  while (s.length < digits) s += String(Math.floor(Math.random() * 10));
  return s;
}

/**
 * Everything the three doubles know, in memory (the Stripe double's state file is for payments that must
 * survive a restart; connected accounts here are test fixtures made again by each test through /_control).
 */
export class PlatformWorld {
  accounts = new Map<string, Account>();
  posts = new Map<string, Post>();
  grants = new Map<string, Grant>();
  tokens = new Map<string, IssuedToken>();
  settings: Record<Platform, PlatformSettings> = structuredClone(DEFAULT_SETTINGS);
  throttles = new Map<Platform, Throttle>();
  /** API calls of the last hour per platform, for Meta's X-App-Usage percentages. */
  callTimes = new Map<Platform, number[]>();
  /** Added to the real clock: tests move time forward to expire tokens or age posts. */
  clockOffsetMs = 0;

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  reset(): void {
    this.accounts.clear();
    this.posts.clear();
    this.grants.clear();
    this.tokens.clear();
    this.throttles.clear();
    this.callTimes.clear();
    this.settings = structuredClone(DEFAULT_SETTINGS);
    this.clockOffsetMs = 0;
  }

  accountsOf(platform: Platform): Account[] {
    return [...this.accounts.values()].filter((a) => a.platform === platform);
  }

  issueToken(grantId: string, kind: IssuedToken['kind'], ttlS: number, value: string, longLived = false): IssuedToken {
    // ttlS 0 = no expiry by time (Google's refresh tokens).
    const token: IssuedToken = { value, kind, grantId, expiresAtMs: ttlS > 0 ? this.now() + ttlS * 1000 : Number.MAX_SAFE_INTEGER, longLived, spent: false };
    this.tokens.set(value, token);
    return token;
  }

  /** The token's grant when the token is usable now; otherwise why not. */
  resolve(value: string | undefined, kind: IssuedToken['kind']): { grant: Grant; token: IssuedToken } | { problem: 'unknown' | 'expired' | 'revoked' } {
    const token = value ? this.tokens.get(value) : undefined;
    if (!token || token.kind !== kind) return { problem: 'unknown' };
    const grant = this.grants.get(token.grantId);
    if (!grant || grant.revoked || token.spent) return { problem: 'revoked' };
    if (token.expiresAtMs <= this.now()) return { problem: 'expired' };
    return { grant, token };
  }

  /** Counts one API call against a pending throttle; returns it when this call is refused. */
  takeThrottle(platform: Platform): Throttle | undefined {
    const t = this.throttles.get(platform);
    if (!t || t.calls <= 0) return undefined;
    t.calls -= 1;
    return t;
  }

  /** Records an API call; returns how many the platform saw in the last hour. */
  countCall(platform: Platform): number {
    const now = this.now();
    const times = (this.callTimes.get(platform) ?? []).filter((t) => t > now - 3600_000);
    times.push(now);
    this.callTimes.set(platform, times);
    return times.length;
  }

  /** The posts an API may show: in order, newest first, without deleted ones (and private ones unless asked). */
  visiblePosts(account: Account, includePrivate: boolean): Post[] {
    return account.postIds
      .map((id) => this.posts.get(id))
      .filter((p): p is Post => p !== undefined && (p.status === 'live' || (includePrivate && p.status === 'private')));
  }

  /** Metrics as reported now: none at all before the platform's delay has passed since publication. */
  reportedMetrics(post: Post): PostMetrics {
    const settled = this.now() - post.createdAtMs >= this.settings[post.platform].insightsDelayMs;
    return settled ? post.metrics : {};
  }
}
