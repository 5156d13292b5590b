import { adminUserMessages } from '../../_shared/admin-user-input.ts';
import { API_OWN_ACCOUNT_ORDER, apiOwnAccountSchema } from '../../_shared/contract/api-bodies.ts';
import { HttpError } from '../../_shared/http-error.ts';
import { parseInput } from '../../_shared/parse-input.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { firstOr404, idParam } from '../input.ts';
import { toApi, toApiUser } from '../serialize.ts';

/** GET /api/user/{id}: any user's public summary (name, username, avatar, role). */
export async function getUser(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'User');
  return { status: 200, body: toApi(firstOr404(await callRpc<unknown[]>(ctx.client(), 'user_summary', { user_id: id }), 'User')) };
}

/**
 * PATCH /api/user/{id} {fullName, username, email, bio}: users edit their own account. The email is
 * Supabase Auth's: it changes through Auth's own user endpoint with the user's token (a hosted project
 * with email confirmations sends the confirmation link first).
 */
export async function updateOwnAccount(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'User');
  const body = await ctx.body();
  const me = await ctx.profile();
  if (id !== me.id) throw new HttpError(403, 'You can only update your own account', 'not_owner');
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : undefined);
  const fullName = str('fullName') ?? me.full_name;
  const username = str('username') ?? me.username;
  const email = (str('email') ?? me.email).toLowerCase();
  const bio = body.bio === null ? null : str('bio') ?? me.bio;
  parseInput(apiOwnAccountSchema, { fullName, username, email }, API_OWN_ACCOUNT_ORDER);

  if (email !== me.email.toLowerCase()) {
    const res = await fetch(`${ctx.env.supabaseUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: ctx.env.anonKey,
        Authorization: `Bearer ${ctx.session!.accessToken}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        ...(ctx.forwardedFor ? { 'X-Forwarded-For': ctx.forwardedFor } : {}),
      },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) {
      const err = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
      if (err.code === 'email_exists') throw new HttpError(409, 'Email already in use', 'email_taken', 'email');
      if (res.status < 500) throw new HttpError(400, `email: ${err.message ?? adminUserMessages.email}`, err.code);
      throw new HttpError(502, `Could not change the email: ${err.message ?? res.status}`);
    }
  }
  await callRpc(ctx.client(), 'update_account', { full_name: fullName, username, bio });
  const rows = await callRpc<unknown[]>(ctx.client(), 'current_profile');
  return { status: 200, body: toApiUser(firstOr404(rows, 'User')) };
}
