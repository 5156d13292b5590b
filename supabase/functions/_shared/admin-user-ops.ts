import { isUuid } from './admin-user-input.ts';
import type { AdminUserUpdate, AdminUserView, CreatedBrand, NewBrandAccount } from './contract/admin-users.ts';
import { HttpError } from './http-error.ts';
import { callRpc } from './rpc.ts';
import { serviceUnavailable } from './service-unavailable.ts';
import { temporaryPassword } from './temporary-password.ts';
import type { ApiClient } from './user-client.ts';
import { removeUserFiles } from './user-files.ts';

/** The signed-in user as api.current_profile() returns it. */
export interface CallerProfile {
  id: string;
  email: string;
  username: string;
  full_name: string;
  role: string;
  bio: string | null;
  avatar_url: string | null;
}

/** The caller's profile, read from the database through their own token; 401 when there is none. */
export async function currentProfile(caller: ApiClient): Promise<CallerProfile> {
  const rows = await callRpc<CallerProfile[] | CallerProfile | null>(caller, 'current_profile');
  const profile = Array.isArray(rows) ? rows[0] : rows;
  if (!profile) throw new HttpError(401, 'Not signed in', 'not_signed_in');
  return profile;
}

/**
 * The caller's profile when they are an admin, else 403. The role is read from app.profiles through the
 * caller's own JWT (never from user_metadata, which users can change themselves).
 */
export async function requireAdmin(caller: ApiClient): Promise<CallerProfile> {
  const profile = await currentProfile(caller);
  if (profile.role !== 'admin') throw new HttpError(403, 'Only admins can manage users', 'not_admin');
  return profile;
}

interface AdminListRow {
  id: string;
  email: string;
}

/** Ids of every admin, read as the calling admin. */
async function adminIds(caller: ApiClient): Promise<string[]> {
  const rows = await callRpc<AdminListRow[]>(caller, 'admin_list_users', { role: 'admin' });
  return rows.map((r) => r.id);
}

const LAST_ADMIN = 'The last admin cannot be removed or demoted';

/** What the admin-users function records in the audit log (api.admin_audit_user_action). */
type AuditedUserAction = 'user.email_change' | 'user.delete' | 'user.delete_failed' | 'user.create_brand';

/**
 * Writes the audit row of an action taken through the Auth admin API (which the database's triggers do
 * not see), as the service role, for the admin this request authenticated. Issue 29, item 8.
 */
async function audit(
  service: ApiClient,
  admin: CallerProfile,
  action: AuditedUserAction,
  userId: string,
  before: Record<string, unknown> | null = null,
  after: Record<string, unknown> | null = null,
): Promise<void> {
  await callRpc(service, 'admin_audit_user_action', { actor_id: admin.id, action, user_id: userId, before, after });
}

/** The action could not be written to the audit log, so it was not done (or was undone). */
function auditFailed(): HttpError {
  return new HttpError(500, 'The change could not be recorded in the audit log, so it was not made', 'audit_failed');
}

function authFailure(error: { status?: number; code?: string; message: string }, context: string): HttpError {
  if (error.code === 'email_exists' || error.code === 'user_already_exists' || (error.status === 422 && /already/i.test(error.message))) {
    return new HttpError(409, 'Email already in use', 'email_taken', 'email');
  }
  if (error.code === 'user_not_found' || error.status === 404) return new HttpError(404, 'User not found', 'user_not_found');
  if (error.code === 'validation_failed' || error.code === 'email_address_invalid') {
    return new HttpError(400, 'Please enter a valid email', 'email_invalid', 'email');
  }
  if (error.code === 'weak_password') return new HttpError(400, error.message, 'weak_password', 'password');
  if (error.status === 503) return serviceUnavailable();
  return new HttpError(error.status && error.status < 500 ? error.status : 502, `${context}: ${error.message}`, error.code);
}

/**
 * An admin edits a user: profile fields through api.admin_update_user as the admin (its checks and the
 * role triggers apply), the email through the Auth admin API (only Auth may re-address a login). If the
 * profile update fails after the email changed, the email is put back, so the edit is all or nothing.
 * Audit log: the profile fields and the role are logged by the database (the admin's own JWT); the email
 * change is recorded here right after Auth made it, and undone when it cannot be recorded.
 */
export async function updateUserAsAdmin(
  caller: ApiClient,
  service: ApiClient,
  admin: CallerProfile,
  userId: string,
  input: AdminUserUpdate,
): Promise<AdminUserView> {
  if (!isUuid(userId)) throw new HttpError(404, 'User not found', 'user_not_found');
  const admins = await adminIds(caller);
  if (userId === admin.id && input.role !== 'admin') {
    throw new HttpError(400, 'You cannot change your own role', 'own_role', 'role');
  }
  if (admins.includes(userId) && input.role !== 'admin' && admins.length <= 1) {
    throw new HttpError(409, LAST_ADMIN, 'last_admin', 'role');
  }
  const { data: found, error: getError } = await service.auth.admin.getUserById(userId);
  if (getError || !found.user) throw authFailure(getError ?? { status: 404, message: 'User not found' }, 'Could not read the user');
  const oldEmail = found.user.email ?? '';

  const emailChanges = oldEmail.toLowerCase() !== input.email;
  if (emailChanges) {
    const { error } = await service.auth.admin.updateUserById(userId, { email: input.email, email_confirm: true });
    if (error) throw authFailure(error, 'Could not change the email');
    try {
      await audit(service, admin, 'user.email_change', userId, { email: oldEmail }, { email: input.email });
    } catch {
      await service.auth.admin.updateUserById(userId, { email: oldEmail, email_confirm: true });
      throw auditFailed();
    }
  }
  try {
    await callRpc(caller, 'admin_update_user', {
      user_id: userId,
      full_name: input.fullName,
      username: input.username,
      role: input.role,
      bio: input.bio,
    });
  } catch (e) {
    if (emailChanges) {
      await service.auth.admin.updateUserById(userId, { email: oldEmail, email_confirm: true });
      // The log said the email changed: it says too that it changed back (best effort; the error is the news).
      await audit(service, admin, 'user.email_change', userId, { email: input.email }, { email: oldEmail }).catch(() => {});
    }
    throw e;
  }
  return { id: userId, email: input.email, username: input.username, fullName: input.fullName, role: input.role, bio: input.bio };
}

/**
 * An admin deletes another user's login. The schema's on-delete rules do the rest: the profile and all
 * the user owns go (cascade), payments stay with the user's id cleared (money history is kept), and their
 * pictures and portfolio files are removed from Storage.
 * Audit log: a deletion cannot be undone, so its row (with the profile as it was, read by the database)
 * is written first and the deletion is refused if that fails; if Auth then fails, that is logged too.
 */
export async function deleteUserAsAdmin(caller: ApiClient, service: ApiClient, admin: CallerProfile, userId: string): Promise<void> {
  if (!isUuid(userId)) throw new HttpError(404, 'User not found', 'user_not_found');
  if (userId === admin.id) throw new HttpError(400, 'You cannot delete your own account', 'own_account');
  const admins = await adminIds(caller);
  if (admins.includes(userId) && admins.length <= 1) throw new HttpError(409, LAST_ADMIN, 'last_admin');
  try {
    await audit(service, admin, 'user.delete', userId);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw new HttpError(404, 'User not found', 'user_not_found');
    throw auditFailed();
  }
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) {
    await audit(service, admin, 'user.delete_failed', userId, null, { error: error.code ?? String(error.status ?? '') }).catch(() => {});
    throw authFailure(error, 'Could not delete the user');
  }
  // The login is gone either way; pictures left behind are only logged (an admin can remove them in Storage).
  await removeUserFiles(service, userId).catch((e: unknown) => console.error(`admin-users: the files of ${userId} were not all removed:`, e));
}

/**
 * Creates a brand login (public sign-up makes creators only). The role and the first-sign-in flag go in
 * app_metadata, which only the service role can write; the database's sign-up trigger turns them into a
 * brand profile with the company name. The temporary password is returned once and stored nowhere but
 * as Auth's hash; the web app asks for a new password at the first sign-in. Audit log: recorded once
 * the brand exists; when that fails the login is deleted again and the admin told.
 */
export async function createBrandAccount(
  caller: ApiClient,
  service: ApiClient,
  admin: CallerProfile,
  input: NewBrandAccount,
): Promise<CreatedBrand> {
  const password = temporaryPassword();
  const { data, error } = await service.auth.admin.createUser({
    email: input.email,
    password,
    email_confirm: true,
    app_metadata: { role: 'brand', password_change_required: true },
    user_metadata: { full_name: input.fullName, company_name: input.companyName },
  });
  if (error || !data.user) throw authFailure(error ?? { message: 'no user returned' }, 'Could not create the account');
  const id = data.user.id;
  // Read back as the admin: proves the trigger made a brand and gives the derived username.
  const rows = await callRpc<Array<{ id: string; username: string; role: string; email: string }>>(caller, 'admin_users_page', {
    filter_role: 'brand',
    search: input.email,
    page: 1,
    page_size: 5,
  });
  const row = rows.find((r) => r.id === id);
  if (!row) throw new HttpError(500, 'The account was created but its brand profile is missing', 'profile_missing');
  try {
    await audit(service, admin, 'user.create_brand', id, null, {
      email: input.email, full_name: input.fullName, company_name: input.companyName, role: 'brand',
    });
  } catch {
    await service.auth.admin.deleteUser(id);
    throw auditFailed();
  }
  return {
    user: {
      id,
      email: input.email,
      username: row.username,
      fullName: input.fullName,
      role: 'brand',
      bio: null,
      companyName: input.companyName,
      passwordChangeRequired: true,
    },
    temporaryPassword: password,
  };
}
