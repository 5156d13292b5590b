import { parseAdminUserUpdate, parseNewBrandAccount } from '../_shared/admin-user-input.ts';
import { createBrandAccount, deleteUserAsAdmin, requireAdmin, updateUserAsAdmin } from '../_shared/admin-user-ops.ts';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { readJsonBody } from '../_shared/request-body.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { userClient } from '../_shared/user-client.ts';

/**
 * The `admin-users` edge function (verify_jwt = true): what only Supabase Auth can do for an admin.
 *   POST   /admin-users/brands          {email, fullName, companyName} -> 201 {user, temporaryPassword}
 *   PATCH  /admin-users/users/{id}      {fullName, email, username, role, bio} -> 200 {user}
 *   DELETE /admin-users/users/{id}      -> 200 {id}
 * Errors: JSON {error, code, field?} with 400, 401, 403, 404, 409 (500 for the unexpected).
 */
export function createAdminUsersHandler(env: FunctionEnv, log: (line: string) => void = console.error) {
  return async function handleAdminUsers(req: Request): Promise<Response> {
    if (req.method === 'OPTIONS') return preflight();
    try {
      return await route(req, env);
    } catch (e) {
      if (e instanceof HttpError) {
        return json(e.status, { error: e.message, code: e.code ?? null, ...(e.field ? { field: e.field } : {}) });
      }
      log(`admin-users: ${(e as Error).stack ?? e}`);
      return json(500, { error: 'Unexpected error', code: 'unexpected' });
    }
  };
}

async function route(req: Request, env: FunctionEnv): Promise<Response> {
  const path = new URL(req.url).pathname.replace(/\/+$/, '');
  const brands = path === '/admin-users/brands';
  const user = /^\/admin-users\/users\/([^/]+)$/.exec(path);
  if (!brands && !user) throw new HttpError(404, 'Not found', 'not_found');
  const allowed = brands ? ['POST'] : ['PATCH', 'DELETE'];
  if (!allowed.includes(req.method)) throw new HttpError(405, 'Method not allowed', 'method_not_allowed');

  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Not signed in', 'not_signed_in');
  const caller = userClient(env, token, req.headers.get('x-forwarded-for'));
  const admin = await requireAdmin(caller);
  const service = serviceRoleClientBypassingRls(env);

  if (brands) {
    const created = await createBrandAccount(caller, service, parseNewBrandAccount(await readJsonBody(req)));
    return json(201, created);
  }
  const id = decodeURIComponent(user![1]!);
  if (req.method === 'DELETE') {
    await deleteUserAsAdmin(caller, service, admin, id);
    return json(200, { id });
  }
  const updated = await updateUserAsAdmin(caller, service, admin, id, parseAdminUserUpdate(await readJsonBody(req)));
  return json(200, { user: updated });
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: corsHeaders });
}
