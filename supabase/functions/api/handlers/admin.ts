import { parseAdminUserUpdate } from '../../_shared/admin-user-input.ts';
import { deleteUserAsAdmin, requireAdmin, updateUserAsAdmin } from '../../_shared/admin-user-ops.ts';
import { invalid } from '../../_shared/http-error.ts';
import { callRpc } from '../../_shared/rpc.ts';
import { serviceRoleClientBypassingRls } from '../../_shared/service-role-client-bypasses-rls.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { toApi } from '../serialize.ts';

/** GET /api/admin/users[?role=]: every user with email and role, newest first. Admins only. */
export async function listUsers(ctx: RequestContext): Promise<ApiResult> {
  const role = ctx.url.searchParams.get('role');
  if (role && !['brand', 'creator', 'admin'].includes(role)) throw invalid('role', 'Role must be brand, creator or admin');
  await requireAdmin(ctx.client());
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'admin_list_users', role ? { role } : {})) };
}

/**
 * PATCH /api/admin/users/{id} {fullName, email, role, username, bio}. The email lives in Supabase Auth,
 * so this (and only this) uses the service role, after the caller is proven an admin.
 */
export async function updateUser(ctx: RequestContext): Promise<ApiResult> {
  const admin = await requireAdmin(ctx.client());
  const input = parseAdminUserUpdate(await ctx.body());
  const user = await updateUserAsAdmin(ctx.client(), serviceRoleClientBypassingRls(ctx.env), admin, ctx.params.id ?? '', input);
  return { status: 200, body: user };
}

/** DELETE /api/admin/users/{id}: deletes the login; the schema removes what the user owned, payments stay. */
export async function deleteUser(ctx: RequestContext): Promise<ApiResult> {
  const admin = await requireAdmin(ctx.client());
  await deleteUserAsAdmin(ctx.client(), serviceRoleClientBypassingRls(ctx.env), admin, ctx.params.id ?? '');
  return { status: 204 };
}
