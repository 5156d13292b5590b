import { randomUUID } from 'node:crypto';
import { sendJson } from '../http/io.ts';
import { isPgError } from '../db/database.ts';
import { requireAdmin } from './authenticate.ts';
import { AuthApiError, badRequest, DUPLICATE_EMAIL, internal, notFound, unprocessable } from './errors.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { boolField, objectField, readJsonBody, stringField, type AuthRequest, type JsonBody } from './request.ts';
import { addressClaims, hasIdentity, insertIdentity, softDeleteIdentities, updateIdentityData } from './identities-repo.ts';
import { deleteSessions } from './sessions.ts';
import { mergeMetadata, userJson } from './user-json.ts';
import {
  deleteUser,
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  NOW,
  Sql,
  updateUser,
  type UserRow,
} from './users-repo.ts';
import { checkMetadataSize, isUuid, parseGoDuration, validateEmail } from './validation.ts';

const DEFAULT_PER_PAGE = 50;

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`);
  }
  return Number(value);
}

/** GET /admin/users?page=&per_page=&filter=: `{users, aud}` with X-Total-Count and Link headers. */
export async function adminListUsers(r: AuthRequest): Promise<void> {
  requireAdmin(r.ctx, r);
  const page = Math.max(1, positiveInt(r.url.searchParams.get('page'), 1));
  const perPage = Math.min(1000, Math.max(1, positiveInt(r.url.searchParams.get('per_page'), DEFAULT_PER_PAGE)));
  const filter = r.url.searchParams.get('filter') || undefined;
  const { users, total } = await listUsers(r.ctx.db, page, perPage, filter);
  sendJson(r.res, 200, { users: users.map(userJson), aud: 'authenticated' }, {
    'X-Total-Count': String(total),
    Link: paginationLinks(r.url, page, perPage, total),
  });
}

/**
 * GoTrue's Link header: rel="next" while pages remain, then rel="last", on the path GoTrue sees
 * (without the gateway's /auth/v1 prefix) with the query keys sorted, as Go's url.Values encodes them.
 * auth-js reads the page number right after the first "=", so `page` must sort first; it does.
 */
function paginationLinks(url: URL, page: number, perPage: number, total: number): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => {
    const q = new URLSearchParams(url.searchParams);
    q.set('page', String(p));
    q.set('per_page', String(perPage));
    q.sort();
    return `</admin/users?${q.toString()}>`;
  };
  const links: string[] = [];
  if (page < lastPage) links.push(`${link(page + 1)}; rel="next"`);
  links.push(`${link(lastPage)}; rel="last"`);
  return links.join(', ');
}

async function loadTarget(r: AuthRequest): Promise<UserRow> {
  const id = r.params[0] ?? '';
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(r.ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** GET /admin/users/{id}. */
export async function adminGetUser(r: AuthRequest): Promise<void> {
  requireAdmin(r.ctx, r);
  sendJson(r.res, 200, userJson(await loadTarget(r)));
}

/** ban_duration: a Go duration from now, or "none" to lift a ban. */
function banPatch(body: JsonBody): Record<string, unknown> {
  const banDuration = stringField(body, 'ban_duration');
  if (banDuration === undefined || banDuration === '') return {};
  if (banDuration === 'none') return { banned_until: null };
  const ms = parseGoDuration(banDuration);
  if (ms === undefined) {
    throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${banDuration}"`);
  }
  return { banned_until: new Sql(`now() + interval '${ms / 1000} seconds'`) };
}

function dbFailure(r: AuthRequest, e: unknown, message: string): never {
  if (e instanceof AuthApiError) throw e;
  if (isPgError(e) && e.code === '23505') throw unprocessable('email_exists', DUPLICATE_EMAIL);
  r.ctx.log(`auth: ${message}: ${(e as Error).message}`);
  throw internal(message);
}

/**
 * PUT /admin/users/{id}: email (applied at once), password, email_confirm, role, user_metadata,
 * app_metadata (shallow merge, null deletes a key), ban_duration.
 */
export async function adminUpdateUser(r: AuthRequest): Promise<void> {
  requireAdmin(r.ctx, r);
  const user = await loadTarget(r);
  const body = await readJsonBody(r);
  const rawEmail = stringField(body, 'email');
  const password = stringField(body, 'password');
  const role = stringField(body, 'role');
  const emailConfirm = boolField(body, 'email_confirm');
  const userMeta = objectField(body, 'user_metadata');
  const appMeta = objectField(body, 'app_metadata');
  const patch: Record<string, unknown> = { ...banPatch(body) };

  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  if (email !== undefined && email !== user.email) {
    if (await emailTaken(r.ctx.db, email, user.id)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    patch.email = email;
  }
  if (password !== undefined) {
    checkPasswordStrength(password);
    patch.encrypted_password = await hashPassword(password);
  }
  if (role) patch.role = role;
  if (emailConfirm && !user.email_confirmed_at) patch.email_confirmed_at = NOW;
  // As GoTrue's adminUserUpdate: confirming the email sets email_verified (User.Confirm), then the passed
  // metadata is merged. An email change touches the identity, not user_metadata.
  let meta = user.raw_user_meta_data;
  if (emailConfirm) meta = { ...meta, email_verified: true };
  if (userMeta) meta = mergeMetadata(meta, userMeta);
  if (meta !== user.raw_user_meta_data) {
    checkMetadataSize('user_metadata', meta);
    patch.raw_user_meta_data = meta ?? {};
  }
  if (appMeta) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMeta);

  try {
    const updated = await r.ctx.db.transaction(async (tx) => {
      await updateUser(tx, user.id, patch);
      // As GoTrue's adminUserUpdate: any email passed, changed or not, is written to the email identity
      // (made if missing) with email_verified set to this request's email_confirm.
      if (email !== undefined) {
        const verified = emailConfirm ?? false;
        if (await hasIdentity(tx, user.id, 'email')) {
          await updateIdentityData(tx, user.id, 'email', { email, email_verified: verified });
        } else {
          await insertIdentity(tx, user.id, 'email', addressClaims(user.id, { email }, verified));
        }
      }
      // A password set by an admin signs the user out everywhere (GoTrue's UpdatePassword with no session).
      if (patch.encrypted_password) await deleteSessions(tx, user.id);
      return (await findUserById(tx, user.id))!;
    });
    sendJson(r.res, 200, userJson(updated));
  } catch (e) {
    dbFailure(r, e, 'Database error updating user');
  }
}

/** DELETE /admin/users/{id} body `{should_soft_delete}`: 200 `{}`. */
export async function adminDeleteUser(r: AuthRequest): Promise<void> {
  requireAdmin(r.ctx, r);
  const user = await loadTarget(r);
  const raw = await readOptionalJson(r);
  const soft = boolField(raw, 'should_soft_delete') ?? false;
  try {
    await r.ctx.db.transaction(async (tx) => {
      // Its identities, sessions and refresh tokens go with it (foreign keys on delete cascade).
      if (!soft) return deleteUser(tx, user.id);
      // GoTrue's soft delete: sessions gone, credentials and contact details obfuscated, row kept.
      await deleteSessions(tx, user.id);
      await softDeleteIdentities(tx, user.id);
      await tx.query(
        `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
           email = case when email is null then null else encode(sha256(convert_to(email || id::text, 'UTF8')), 'hex') end,
           phone = null, raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb
         where id = $1::uuid`,
        [user.id],
      );
    });
  } catch (e) {
    dbFailure(r, e, 'Database error deleting user');
  }
  sendJson(r.res, 200, {});
}

/** DELETE may come without a body. */
async function readOptionalJson(r: AuthRequest): Promise<JsonBody> {
  const length = Number(r.req.headers['content-length'] ?? 0);
  if (!length && !r.req.headers['transfer-encoding']) return {};
  return readJsonBody(r);
}

/**
 * POST /admin/users: email, password, email_confirm, user_metadata, app_metadata, role, ban_duration,
 * id. No auto-confirmation here: the user is confirmed only when email_confirm is true.
 */
export async function adminCreateUser(r: AuthRequest): Promise<void> {
  requireAdmin(r.ctx, r);
  const body = await readJsonBody(r);
  const rawEmail = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  const password = stringField(body, 'password');
  const emailConfirm = boolField(body, 'email_confirm') ?? false;
  const userMeta = objectField(body, 'user_metadata') ?? {};
  const appMeta = objectField(body, 'app_metadata') ?? {};
  const role = stringField(body, 'role') || 'authenticated';
  const requestedId = stringField(body, 'id');

  if (!rawEmail && !phone) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(rawEmail);
  if (requestedId !== undefined && !isUuid(requestedId)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  if (await emailTaken(r.ctx.db, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  if (password !== undefined) checkPasswordStrength(password);
  checkMetadataSize('user_metadata', userMeta);
  const ban = banPatch(body);

  const id = requestedId ?? randomUUID();
  if (requestedId && (await findUserById(r.ctx.db, id))) throw unprocessable('user_already_exists', 'User already exists');
  const encryptedPassword = password !== undefined ? await hashPassword(password) : null;
  try {
    const created = await r.ctx.db.transaction(async (tx) => {
      await insertUser(tx, {
        id,
        email,
        encryptedPassword,
        role,
        appMetadata: mergeMetadata({ provider: 'email', providers: ['email'] }, appMeta),
        // What was passed, as GoTrue stores it; confirming the email adds email_verified (User.Confirm).
        userMetadata: emailConfirm ? { ...userMeta, email_verified: true } : { ...userMeta },
        emailConfirmed: emailConfirm,
      });
      // Unverified in the identity even with email_confirm, which only marks the user (User.Confirm).
      await insertIdentity(tx, id, 'email', addressClaims(id, { email }));
      if ('banned_until' in ban) await updateUser(tx, id, ban);
      return (await findUserById(tx, id))!;
    });
    sendJson(r.res, 200, userJson(created));
  } catch (e) {
    if (e instanceof AuthApiError) throw e;
    if (isPgError(e) && e.code === '23505') throw unprocessable('email_exists', DUPLICATE_EMAIL);
    r.ctx.log(`auth: admin create user failed in the database: ${(e as Error).message}`);
    throw internal('Database error creating new user');
  }
}
