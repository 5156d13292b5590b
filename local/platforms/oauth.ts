import { createHash, timingSafeEqual } from 'node:crypto';
import type { Platform, PlatformWorld } from './world.ts';
import { randomId } from './world.ts';

/**
 * The secret every app registered with the doubles has (any client id is accepted): public and useless
 * against the real platforms, like the Stripe double's local key.
 */
export const LOCAL_PLATFORM_CLIENT_SECRET = 'local_platform_double_client_secret';

/** An authorize request waiting for the user's Allow or Deny on the consent page. */
export interface PendingAuthorization {
  id: string;
  platform: Platform;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
  /** Google issues a refresh token only for access_type=offline. */
  offline: boolean;
  expiresAtMs: number;
}

export interface AuthorizationCode {
  code: string;
  platform: Platform;
  accountId: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
  offline: boolean;
  expiresAtMs: number;
  used: boolean;
}

/** Codes live 10 minutes at most on all three (Google's and Meta's are shorter in practice: exchange at once). */
const CODE_TTL_MS = 10 * 60_000;
const PENDING_TTL_MS = 30 * 60_000;

export class OAuthDesk {
  pending = new Map<string, PendingAuthorization>();
  codes = new Map<string, AuthorizationCode>();

  constructor(private readonly world: PlatformWorld) {}

  begin(p: Omit<PendingAuthorization, 'id' | 'expiresAtMs'>): PendingAuthorization {
    const pending = { ...p, id: randomId(), expiresAtMs: this.world.now() + PENDING_TTL_MS };
    this.pending.set(pending.id, pending);
    return pending;
  }

  /** Takes the pending request (each consent answers once). */
  take(id: string, platform: Platform): PendingAuthorization | undefined {
    const p = this.pending.get(id);
    if (!p || p.platform !== platform || p.expiresAtMs <= this.world.now()) return undefined;
    this.pending.delete(id);
    return p;
  }

  issueCode(p: PendingAuthorization, accountId: string): AuthorizationCode {
    const code: AuthorizationCode = {
      code: randomId(24), platform: p.platform, accountId, clientId: p.clientId, redirectUri: p.redirectUri, scopes: p.scopes,
      codeChallenge: p.codeChallenge, codeChallengeMethod: p.codeChallengeMethod, offline: p.offline,
      expiresAtMs: this.world.now() + CODE_TTL_MS, used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  /**
   * Redeems a code: single use (a second attempt fails, as on every platform), for the same client and the
   * same redirect_uri. The PKCE check is the caller's, since each platform words its refusal differently.
   */
  redeem(value: string | null, platform: Platform, clientId: string | null): { code: AuthorizationCode } | { problem: 'unknown' | 'used' | 'expired' | 'client' } {
    const code = value ? this.codes.get(value) : undefined;
    if (!code || code.platform !== platform) return { problem: 'unknown' };
    if (code.used) return { problem: 'used' };
    code.used = true;
    if (code.expiresAtMs <= this.world.now()) return { problem: 'expired' };
    if (code.clientId !== clientId) return { problem: 'client' };
    return { code };
  }
}

/**
 * RFC 7636: S256 is BASE64URL(SHA256(verifier)), plain is the verifier itself. TikTok's desktop guide
 * describes a hex-encoded SHA-256 instead; that form is accepted too, so either client passes.
 */
export function pkceMatches(verifier: string | null, challenge: string, method: string | undefined): boolean {
  if (!verifier) return false;
  const candidates = method === 'plain'
    ? [verifier]
    : [createHash('sha256').update(verifier).digest('base64url'), createHash('sha256').update(verifier).digest('hex')];
  return candidates.some((c) => c.length === challenge.length && timingSafeEqual(Buffer.from(c), Buffer.from(challenge)));
}

export function secretMatches(secret: string | null): boolean {
  return secret === LOCAL_PLATFORM_CLIENT_SECRET;
}

/** Where the user goes back to: the app's redirect_uri with these query parameters added. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>, fragment?: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString() + (fragment ?? '');
}

export function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
