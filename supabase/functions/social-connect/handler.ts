import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError, invalid } from '../_shared/http-error.ts';
import { type HandlerContext, jsonHandler, type Reply } from '../_shared/json-handler.ts';
import { asObject } from '../_shared/parse-input.ts';
import { callRpc } from '../_shared/rpc.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';
import { authorizeUrl, credentialsOf, exchangeCode, isPlatform, type Platform, readProfile, revokeGrant, USES_PKCE } from '../_shared/platforms/oauth.ts';
import { codeChallenge, randomToken, stateHash } from './pkce.ts';
import { refreshDue } from './refresh.ts';

/**
 * The `social-connect` edge function (verify_jwt = false: the platform's redirect to /callback carries no
 * JWT; /start and /disconnect check the caller's token themselves), decision 0053:
 *   POST /social-connect/start {platform, locale} -> 200 {url}: the platform's consent page
 *   GET  /social-connect/callback?code&state (or error) -> 302 to SITE_URL/settings?social=<platform>&result=<result>
 *   POST /social-connect/disconnect {platform} -> 200 {disconnected: true, revoked}
 *   POST /social-connect/refresh -> 200 {refreshed, reconnect, failed, deferred}: the scheduler's daily
 *     follower refresh (service role key only, decision 0054; here because it shares the platforms' setup)
 * Results: connected, denied, state_invalid, exchange_failed, profile_failed, account_taken, unavailable.
 */
export function createSocialConnectHandler(env: FunctionEnv, log: (line: string) => void = console.error, fetchFn: typeof fetch = fetch) {
  return jsonHandler((_req, ctx) => route(ctx, env, log, fetchFn), { name: 'social-connect', log });
}

function publicUrl(env: FunctionEnv): string {
  return (Deno.env.get('PUBLIC_SUPABASE_URL') || env.supabaseUrl).replace(/\/$/, '');
}

export function callbackUrl(env: FunctionEnv): string {
  return `${publicUrl(env)}/functions/v1/social-connect/callback`;
}

async function route(ctx: HandlerContext, env: FunctionEnv, log: (line: string) => void, fetchFn: typeof fetch): Promise<Reply> {
  if (ctx.path === '/social-connect/callback') {
    if (ctx.req.method !== 'GET') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    return callback(ctx, env, log, fetchFn);
  }
  if (ctx.path === '/social-connect/refresh') {
    if (ctx.req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    if (ctx.requireBearer() !== env.serviceRoleKey) throw new HttpError(403, 'Only the scheduler refreshes accounts', 'not_scheduler');
    return { status: 200, body: await refreshDue(serviceRoleClientBypassingRls(env), fetchFn, log) };
  }
  if (ctx.path !== '/social-connect/start' && ctx.path !== '/social-connect/disconnect') throw new HttpError(404, 'Not found', 'not_found');
  if (ctx.req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
  const token = ctx.requireBearer();
  const { data, error } = await userClient(env, token, ctx.forwardedFor).auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'Not signed in', 'not_signed_in');
  const body = asObject(await ctx.json());
  const platform = body.platform;
  if (!isPlatform(platform)) throw invalid('platform', 'Platform must be instagram, tiktok or youtube');
  const creds = credentialsOf(platform);
  if (!creds) throw new HttpError(503, `Connecting ${platform} is not configured`, 'platform_not_configured');
  const service = serviceRoleClientBypassingRls(env);

  if (ctx.path === '/social-connect/start') {
    const state = randomToken();
    const verifier = USES_PKCE[platform] ? randomToken() : null;
    await callRpc(service, 'social_oauth_begin', { user_id: data.user.id, platform, state_hash: await stateHash(state), code_verifier: verifier });
    const locale = typeof body.locale === 'string' ? body.locale : 'es-419';
    const url = authorizeUrl(platform, { clientId: creds.clientId, redirectUri: callbackUrl(env), state, locale,
      ...(verifier ? { codeChallenge: await codeChallenge(verifier) } : {}) });
    return { status: 200, body: { url } };
  }

  const accountId = await callRpc<string | null>(service, 'social_account_id', { creator_id: data.user.id, platform });
  if (!accountId) throw new HttpError(404, 'No connected account on that platform', 'social_account_not_found');
  const rows = await callRpc<Array<{ access_token: string; refresh_token: string | null }>>(service, 'social_account_tokens', { account_id: accountId });
  let revoked = false;
  const tokens = rows[0];
  if (tokens) {
    // Google and TikTok end the whole grant from either token; a refusal (already revoked) is no reason to keep our copy.
    const r = await revokeGrant(platform, creds, tokens.refresh_token ?? tokens.access_token, fetchFn);
    revoked = r.ok && r.value === 'revoked';
    if (!r.ok) log(`social-connect: revoking ${platform} grant of ${accountId}: ${r.error.kind} ${r.error.code ?? ''}`);
  }
  await callRpc(service, 'social_account_remove', { account_id: accountId });
  return { status: 200, body: { disconnected: true, revoked } };
}

function settingsRedirect(ctx: HandlerContext, platform: Platform | null, result: string): Reply {
  const site = (Deno.env.get('SITE_URL') || '').replace(/\/$/, '');
  const target = new URL(`${site || 'http://localhost'}/settings`);
  if (platform) target.searchParams.set('social', platform);
  target.searchParams.set('result', result);
  target.hash = 'connected-accounts';
  ctx.headers.set('Location', site ? target.toString() : `/settings${target.search}${target.hash}`);
  ctx.headers.set('Cache-Control', 'no-store');
  return { status: 302 };
}

async function callback(ctx: HandlerContext, env: FunctionEnv, log: (line: string) => void, fetchFn: typeof fetch): Promise<Reply> {
  const q = ctx.url.searchParams;
  const state = q.get('state');
  if (!state) return settingsRedirect(ctx, null, 'state_invalid');
  const service = serviceRoleClientBypassingRls(env);
  let taken: { user_id: string; platform: string; code_verifier: string | null } | undefined;
  try {
    taken = (await callRpc<Array<{ user_id: string; platform: string; code_verifier: string | null }>>(service, 'social_oauth_take', { state_hash: await stateHash(state) }))[0];
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) return settingsRedirect(ctx, null, 'state_invalid');
    throw e;
  }
  if (!taken || !isPlatform(taken.platform)) return settingsRedirect(ctx, null, 'state_invalid');
  const platform = taken.platform;
  if (q.get('error')) return settingsRedirect(ctx, platform, q.get('error') === 'access_denied' ? 'denied' : 'exchange_failed');
  const code = q.get('code');
  const creds = credentialsOf(platform);
  if (!code || !creds) return settingsRedirect(ctx, platform, 'exchange_failed');

  const tokens = await exchangeCode(platform, creds, code, callbackUrl(env), taken.code_verifier, fetchFn);
  if (!tokens.ok) {
    log(`social-connect: ${platform} code exchange refused: ${tokens.error.kind} ${tokens.error.code ?? ''}`);
    return settingsRedirect(ctx, platform, tokens.error.kind === 'rate_limited' || tokens.error.kind === 'unavailable' ? 'unavailable' : 'exchange_failed');
  }
  const profile = await readProfile(platform, tokens.value.accessToken, fetchFn);
  if (!profile.ok) {
    log(`social-connect: ${platform} profile read refused: ${profile.error.kind} ${profile.error.code ?? ''}`);
    return settingsRedirect(ctx, platform, profile.error.kind === 'rate_limited' || profile.error.kind === 'unavailable' ? 'unavailable' : 'profile_failed');
  }
  const p = profile.value;
  const t = tokens.value;
  try {
    await callRpc(service, 'social_account_save', {
      creator_id: taken.user_id, platform, platform_user_id: p.platformUserId, handle: p.handle, display_name: p.displayName,
      profile_url: p.profileUrl, followers: p.followers, followers_as_of: new Date().toISOString(),
      access_token: t.accessToken, refresh_token: t.refreshToken, access_expires_at: t.accessExpiresAt?.toISOString() ?? null,
      refresh_expires_at: t.refreshExpiresAt?.toISOString() ?? null, scopes: t.scopes,
    });
  } catch (e) {
    if (e instanceof HttpError && e.code === 'social_account_taken') {
      // Not ours to keep: end the grant we were just given.
      await revokeGrant(platform, creds, t.refreshToken ?? t.accessToken, fetchFn);
      return settingsRedirect(ctx, platform, 'account_taken');
    }
    throw e;
  }
  return settingsRedirect(ctx, platform, 'connected');
}
