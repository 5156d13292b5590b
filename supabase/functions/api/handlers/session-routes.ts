import { currentProfile } from '../../_shared/admin-user-ops.ts';
import { HttpError } from '../../_shared/http-error.ts';
import { authFailed } from '../../_shared/service-unavailable.ts';
import { callRpc } from '../../_shared/rpc.ts';
import { userClient } from '../../_shared/user-client.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { signUpMessages } from '../../_shared/contract/sign-up-messages.ts';
import { parseLogin, parseRegister } from '../register-input.ts';
import { toApiUser } from '../serialize.ts';
import { toStored } from '../session.ts';

/** GET /api/user: the session user (id, fullName, username, email, role, bio, avatar). */
export async function getSessionUser(ctx: RequestContext): Promise<ApiResult> {
  return { status: 200, body: toApiUser(await ctx.profile()) };
}

/** POST /api/login {email, password}: signs in, sets the session cookie, returns the user. */
export async function login(ctx: RequestContext): Promise<ApiResult> {
  const input = parseLogin(await ctx.body());
  const { data, error } = await userClient(ctx.env, undefined, ctx.forwardedFor).auth.signInWithPassword(input);
  if (error || !data.session) {
    if (error?.status === 429) throw new HttpError(429, error.message, 'rate_limited');
    if (error?.code === 'email_not_confirmed') throw new HttpError(403, error.message, 'email_not_confirmed');
    if (error && (error.status ?? 500) >= 500) throw authFailed('Sign-in failed', error);
    throw new HttpError(401, 'Invalid login credentials', 'invalid_credentials');
  }
  const profile = await currentProfile(userClient(ctx.env, data.session.access_token));
  ctx.nextSession = toStored(data.session);
  return { status: 200, body: toApiUser(profile) };
}

/**
 * POST /api/register: a creator account (public sign-up makes creators only). The username is checked
 * first so a taken one is a 409 on its field; the database still enforces it.
 */
export async function register(ctx: RequestContext): Promise<ApiResult> {
  const input = parseRegister(await ctx.body());
  const anon = userClient(ctx.env, undefined, ctx.forwardedFor);
  if (!(await callRpc<boolean>(anon, 'username_available', { username: input.username }))) {
    throw new HttpError(409, signUpMessages.usernameTaken, 'username_taken', 'username');
  }
  const { data, error } = await anon.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: {
        username: input.username,
        full_name: input.fullName,
        tiktok_handle: input.tiktokHandle,
        instagram_handle: input.instagramHandle,
        youtube_handle: input.youtubeHandle,
        ...(input.country ? { country: input.country } : {}),
      },
    },
  });
  if (error) {
    if (error.code === 'user_already_exists' || error.code === 'email_exists') {
      throw new HttpError(409, signUpMessages.emailTaken, 'email_taken', 'email');
    }
    if (error.status === 429) throw new HttpError(429, error.message, 'rate_limited');
    if (error.code === 'weak_password') throw new HttpError(400, `password: ${error.message}`, 'weak_password');
    if ((error.status ?? 500) < 500) throw new HttpError(400, error.message, error.code);
    // A username taken between the check and the insert aborts the sign-up in the database trigger.
    throw new HttpError(409, signUpMessages.usernameTaken, 'username_taken', 'username');
  }
  if (!data.session || !data.user) {
    // Projects that confirm emails: the account exists, the session starts after confirmation.
    return {
      status: 201,
      body: { id: data.user?.id ?? null, email: input.email, username: input.username, fullName: input.fullName, role: 'creator', bio: null, avatar: null },
    };
  }
  const profile = await currentProfile(userClient(ctx.env, data.session.access_token));
  ctx.nextSession = toStored(data.session);
  return { status: 201, body: toApiUser(profile) };
}

/** POST /api/logout: ends the Supabase session (its refresh token stops working) and clears the cookie. */
export async function logout(ctx: RequestContext): Promise<ApiResult> {
  if (ctx.session) {
    const { error } = await userClient(ctx.env).auth.admin.signOut(ctx.session.accessToken, 'local');
    // Already gone (expired, signed out elsewhere): nothing left to end.
    if (error && (error.status ?? 500) >= 500) throw authFailed('Sign-out failed', error);
  }
  ctx.nextSession = null;
  return { status: 204 };
}
