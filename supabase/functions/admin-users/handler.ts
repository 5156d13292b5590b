import { parseAdminUserUpdate, parseNewBrandAccount } from '../_shared/admin-user-input.ts';
import { createBrandAccount, deleteUserAsAdmin, requireAdmin, updateUserAsAdmin } from '../_shared/admin-user-ops.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { type HandlerContext, jsonHandler, type Reply } from '../_shared/json-handler.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';

/**
 * The `admin-users` edge function (verify_jwt = true): what only Supabase Auth can do for an admin.
 *   POST   /admin-users/brands          {email, fullName, companyName} -> 201 {user, temporaryPassword}
 *   PATCH  /admin-users/users/{id}      {fullName, email, username, role, bio} -> 200 {user}
 *   DELETE /admin-users/users/{id}      -> 200 {id}
 * Errors: JSON {code, message, field?} with 400, 401, 403, 404, 409 (500 for the unexpected).
 */
export function createAdminUsersHandler(env: FunctionEnv, log: (line: string) => void = console.error) {
  return jsonHandler((_req, ctx) => route(ctx, env), { name: 'admin-users', log });
}

async function route(ctx: HandlerContext, env: FunctionEnv): Promise<Reply> {
  const brands = ctx.path === '/admin-users/brands';
  const user = /^\/admin-users\/users\/([^/]+)$/.exec(ctx.path);
  if (!brands && !user) throw new HttpError(404, 'Not found', 'not_found');
  const allowed = brands ? ['POST'] : ['PATCH', 'DELETE'];
  if (!allowed.includes(ctx.req.method)) throw new HttpError(405, 'Method not allowed', 'method_not_allowed');

  const caller = userClient(env, ctx.requireBearer(), ctx.forwardedFor);
  const admin = await requireAdmin(caller);
  const service = serviceRoleClientBypassingRls(env);

  if (brands) {
    return { status: 201, body: await createBrandAccount(caller, service, admin, parseNewBrandAccount(await ctx.json())) };
  }
  const id = decodeURIComponent(user![1]!);
  if (ctx.req.method === 'DELETE') {
    await deleteUserAsAdmin(caller, service, admin, id);
    return { status: 200, body: { id } };
  }
  const updated = await updateUserAsAdmin(caller, service, admin, id, parseAdminUserUpdate(await ctx.json()));
  return { status: 200, body: { user: updated } };
}
