/**
 * The three platforms' OAuth and profile endpoints (decision 0053; endpoints and shapes from decision 0052's
 * sources). Every call answers a PlatformResult: the body's codes decide what a refusal means.
 */
import { platformBase } from './bases.ts';
import { classifyPlatformError, type PlatformError, type PlatformName } from './platform-error.ts';

export type Platform = PlatformName;
export const PLATFORMS: readonly Platform[] = ['instagram', 'tiktok', 'youtube'];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** What we ask for: the profile and its counts, and the posts' metrics the delivery checks read. */
export const PLATFORM_SCOPES: Record<Platform, readonly string[]> = {
  instagram: ['instagram_business_basic', 'instagram_business_manage_insights'],
  tiktok: ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list'],
  youtube: ['https://www.googleapis.com/auth/youtube.readonly'],
};

/** Instagram documents no PKCE (decision 0052): its protection is the state and the server-side exchange. */
export const USES_PKCE: Record<Platform, boolean> = { instagram: false, tiktok: true, youtube: true };

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

const CREDENTIAL_VARS: Record<Platform, [string, string]> = {
  instagram: ['INSTAGRAM_CLIENT_ID', 'INSTAGRAM_CLIENT_SECRET'],
  tiktok: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  youtube: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
};

/** The app's registration with the platform, or undefined when the deploy has none (connecting is then off). */
export function credentialsOf(platform: Platform, env: (name: string) => string | undefined = (n) => Deno.env.get(n)): Credentials | undefined {
  const [idVar, secretVar] = CREDENTIAL_VARS[platform];
  const clientId = env(idVar)?.trim();
  const clientSecret = env(secretVar)?.trim();
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

export type PlatformResult<T> = { ok: true; value: T } | { ok: false; error: PlatformError };

export interface TokenSet {
  accessToken: string;
  /** Null when the platform sends none (Google's refresh keeps the one it gave; Instagram has none). */
  refreshToken: string | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
  /** The platform's user id when the token answer names it (Instagram user_id, TikTok open_id). */
  userId?: string;
}

export interface PlatformProfile {
  platformUserId: string;
  handle: string;
  displayName: string | null;
  profileUrl: string | null;
  /** Null when hidden (YouTube hiddenSubscriberCount). */
  followers: number | null;
}

export interface AuthorizeInput {
  clientId: string;
  redirectUri: string;
  state: string;
  /** base64url SHA-256 of the verifier (RFC 7636 S256). */
  codeChallenge?: string;
  /** The consent page's language: es-419, en or pt-BR. */
  locale: string;
}

/** The consent page's URL on the platform. */
export function authorizeUrl(platform: Platform, p: AuthorizeInput): string {
  const lang = p.locale.startsWith('pt') ? 'pt-BR' : p.locale.startsWith('en') ? 'en' : 'es-419';
  if (platform === 'instagram') {
    const u = new URL(`${platformBase('INSTAGRAM_OAUTH_BASE')}/oauth/authorize`);
    u.search = new URLSearchParams({ client_id: p.clientId, redirect_uri: p.redirectUri, response_type: 'code',
      scope: PLATFORM_SCOPES.instagram.join(','), state: p.state, hl: lang }).toString();
    return u.toString();
  }
  if (platform === 'tiktok') {
    const u = new URL(`${platformBase('TIKTOK_AUTH_BASE')}/v2/auth/authorize/`);
    u.search = new URLSearchParams({ client_key: p.clientId, redirect_uri: p.redirectUri, response_type: 'code',
      scope: PLATFORM_SCOPES.tiktok.join(','), state: p.state, lang,
      ...(p.codeChallenge ? { code_challenge: p.codeChallenge, code_challenge_method: 'S256' } : {}) }).toString();
    return u.toString();
  }
  const u = new URL(`${platformBase('GOOGLE_AUTH_BASE')}/o/oauth2/v2/auth`);
  u.search = new URLSearchParams({ client_id: p.clientId, redirect_uri: p.redirectUri, response_type: 'code',
    scope: PLATFORM_SCOPES.youtube.join(' '), access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true',
    state: p.state, hl: lang, ...(p.codeChallenge ? { code_challenge: p.codeChallenge, code_challenge_method: 'S256' } : {}) }).toString();
  return u.toString();
}

type Fetch = typeof fetch;

async function call(platform: Platform, fetchFn: Fetch, url: string, init?: RequestInit): Promise<PlatformResult<Record<string, unknown>>> {
  let res: Response;
  try {
    res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch {
    return { ok: false, error: { kind: 'unavailable', code: 'network' } };
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const error = classifyPlatformError(platform, res.status, body, res.headers);
  if (error) return { ok: false, error };
  if (body === null || typeof body !== 'object') return { ok: false, error: { kind: 'unavailable', code: 'not_json' } };
  return { ok: true, value: body as Record<string, unknown> };
}

function form(values: Record<string, string | undefined>): RequestInit {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) body.set(k, v);
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
}

const inSeconds = (seconds: unknown, now: number): Date | null =>
  typeof seconds === 'number' && seconds > 0 ? new Date(now + seconds * 1000) : null;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);
const bad = (code: string): PlatformResult<never> => ({ ok: false, error: { kind: 'bad_request', code } });

/** Redeems the consent's code for tokens (Instagram: then a 60-day long-lived token). */
export async function exchangeCode(platform: Platform, creds: Credentials, code: string, redirectUri: string,
  codeVerifier: string | null, fetchFn: Fetch = fetch, now = Date.now()): Promise<PlatformResult<TokenSet>> {
  if (platform === 'instagram') {
    const short = await call(platform, fetchFn, `${platformBase('INSTAGRAM_TOKEN_BASE')}/oauth/access_token`, form({
      client_id: creds.clientId, client_secret: creds.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code }));
    if (!short.ok) return short;
    const first = Array.isArray(short.value.data) ? short.value.data[0] as Record<string, unknown> : short.value;
    const shortToken = str(first?.access_token);
    if (!shortToken) return bad('no_access_token');
    const u = new URL(`${platformBase('INSTAGRAM_GRAPH_BASE')}/access_token`);
    u.search = new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: creds.clientSecret, access_token: shortToken }).toString();
    const long = await call(platform, fetchFn, u.toString());
    if (!long.ok) return long;
    const accessToken = str(long.value.access_token);
    if (!accessToken) return bad('no_access_token');
    return { ok: true, value: { accessToken, refreshToken: null, accessExpiresAt: inSeconds(long.value.expires_in, now), refreshExpiresAt: null,
      scopes: String(first?.permissions ?? '').split(',').filter(Boolean), userId: str(first?.user_id) } };
  }
  if (platform === 'tiktok') {
    const r = await call(platform, fetchFn, `${platformBase('TIKTOK_API_BASE')}/v2/oauth/token/`, form({
      client_key: creds.clientId, client_secret: creds.clientSecret, code, grant_type: 'authorization_code', redirect_uri: redirectUri,
      code_verifier: codeVerifier ?? undefined }));
    return r.ok ? tiktokTokens(r.value, now) : r;
  }
  const r = await call(platform, fetchFn, `${platformBase('GOOGLE_TOKEN_BASE')}/token`, form({
    code, client_id: creds.clientId, client_secret: creds.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code',
    code_verifier: codeVerifier ?? undefined }));
  return r.ok ? googleTokens(r.value, now) : r;
}

function tiktokTokens(v: Record<string, unknown>, now: number): PlatformResult<TokenSet> {
  const accessToken = str(v.access_token);
  if (!accessToken) return bad('no_access_token');
  return { ok: true, value: { accessToken, refreshToken: str(v.refresh_token) ?? null, accessExpiresAt: inSeconds(v.expires_in, now),
    refreshExpiresAt: inSeconds(v.refresh_expires_in, now), scopes: String(v.scope ?? '').split(',').filter(Boolean), userId: str(v.open_id) } };
}

function googleTokens(v: Record<string, unknown>, now: number): PlatformResult<TokenSet> {
  const accessToken = str(v.access_token);
  if (!accessToken) return bad('no_access_token');
  return { ok: true, value: { accessToken, refreshToken: str(v.refresh_token) ?? null, accessExpiresAt: inSeconds(v.expires_in, now),
    refreshExpiresAt: null, scopes: String(v.scope ?? '').split(' ').filter(Boolean) } };
}

/**
 * New tokens for an account. TikTok rotates the refresh token (the old one stops working), Google keeps it
 * (none comes back), Instagram refreshes the long-lived access token itself.
 */
export async function refreshTokens(platform: Platform, creds: Credentials, current: { accessToken: string; refreshToken: string | null },
  fetchFn: Fetch = fetch, now = Date.now()): Promise<PlatformResult<TokenSet>> {
  if (platform === 'instagram') {
    const u = new URL(`${platformBase('INSTAGRAM_GRAPH_BASE')}/refresh_access_token`);
    u.search = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: current.accessToken }).toString();
    const r = await call(platform, fetchFn, u.toString());
    if (!r.ok) return r;
    const accessToken = str(r.value.access_token);
    if (!accessToken) return bad('no_access_token');
    return { ok: true, value: { accessToken, refreshToken: null, accessExpiresAt: inSeconds(r.value.expires_in, now), refreshExpiresAt: null,
      scopes: String(r.value.permissions ?? '').split(',').filter(Boolean) } };
  }
  if (!current.refreshToken) return { ok: false, error: { kind: 'auth', code: 'no_refresh_token' } };
  if (platform === 'tiktok') {
    const r = await call(platform, fetchFn, `${platformBase('TIKTOK_API_BASE')}/v2/oauth/token/`, form({
      client_key: creds.clientId, client_secret: creds.clientSecret, grant_type: 'refresh_token', refresh_token: current.refreshToken }));
    return r.ok ? tiktokTokens(r.value, now) : r;
  }
  const r = await call(platform, fetchFn, `${platformBase('GOOGLE_TOKEN_BASE')}/token`, form({
    client_id: creds.clientId, client_secret: creds.clientSecret, grant_type: 'refresh_token', refresh_token: current.refreshToken }));
  return r.ok ? googleTokens(r.value, now) : r;
}

/** Ends the grant where the platform can (TikTok, Google); Instagram documents no revoke endpoint. */
export async function revokeGrant(platform: Platform, creds: Credentials, token: string, fetchFn: Fetch = fetch): Promise<PlatformResult<'revoked' | 'unsupported'>> {
  if (platform === 'instagram') return { ok: true, value: 'unsupported' };
  const r = platform === 'tiktok'
    ? await call(platform, fetchFn, `${platformBase('TIKTOK_API_BASE')}/v2/oauth/revoke/`, form({ client_key: creds.clientId, client_secret: creds.clientSecret, token }))
    : await call(platform, fetchFn, `${platformBase('GOOGLE_TOKEN_BASE')}/revoke?${new URLSearchParams({ token })}`, form({}));
  return r.ok ? { ok: true, value: 'revoked' } : r;
}

/** The account's id, handle and followers as the platform reports them now. */
export async function readProfile(platform: Platform, accessToken: string, fetchFn: Fetch = fetch): Promise<PlatformResult<PlatformProfile>> {
  const bearer = { headers: { authorization: `Bearer ${accessToken}` } };
  if (platform === 'instagram') {
    const u = new URL(`${platformBase('INSTAGRAM_GRAPH_BASE')}/me`);
    u.search = new URLSearchParams({ fields: 'user_id,username,name,followers_count', access_token: accessToken }).toString();
    const r = await call(platform, fetchFn, u.toString());
    if (!r.ok) return r;
    const id = str(r.value.user_id) ?? str(r.value.id);
    const handle = str(r.value.username);
    if (!id || !handle) return bad('profile_incomplete');
    return { ok: true, value: { platformUserId: id, handle, displayName: str(r.value.name) ?? null,
      profileUrl: `https://www.instagram.com/${encodeURIComponent(handle)}/`, followers: typeof r.value.followers_count === 'number' ? r.value.followers_count : null } };
  }
  if (platform === 'tiktok') {
    const r = await call(platform, fetchFn, `${platformBase('TIKTOK_API_BASE')}/v2/user/info/?fields=open_id,display_name,username,follower_count`, bearer);
    if (!r.ok) return r;
    const user = (r.value.data as Record<string, unknown> | undefined)?.user as Record<string, unknown> | undefined;
    const id = str(user?.open_id);
    const handle = str(user?.username);
    if (!id || !handle) return bad('profile_incomplete');
    return { ok: true, value: { platformUserId: id, handle, displayName: str(user?.display_name) ?? null,
      profileUrl: `https://www.tiktok.com/@${encodeURIComponent(handle)}`, followers: typeof user?.follower_count === 'number' ? user.follower_count : null } };
  }
  const r = await call(platform, fetchFn, `${platformBase('YOUTUBE_API_BASE')}/youtube/v3/channels?part=snippet,statistics&mine=true`, bearer);
  if (!r.ok) return r;
  const item = Array.isArray(r.value.items) ? r.value.items[0] as Record<string, unknown> | undefined : undefined;
  if (!item) return { ok: false, error: { kind: 'not_found', code: 'no_channel' } };
  const snippet = (item.snippet ?? {}) as Record<string, unknown>;
  const stats = (item.statistics ?? {}) as Record<string, unknown>;
  const id = str(item.id);
  const custom = str(snippet.customUrl)?.replace(/^@/, '');
  const handle = custom ?? str(snippet.title);
  if (!id || !handle) return bad('profile_incomplete');
  const subscribers = stats.hiddenSubscriberCount === true ? null : Number(stats.subscriberCount);
  return { ok: true, value: { platformUserId: id, handle, displayName: str(snippet.title) ?? null,
    profileUrl: custom ? `https://www.youtube.com/@${encodeURIComponent(custom)}` : `https://www.youtube.com/channel/${encodeURIComponent(id)}`,
    followers: subscribers === null || Number.isNaN(subscribers) ? null : subscribers } };
}
