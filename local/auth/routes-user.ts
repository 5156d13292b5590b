import { sendJson, sendRaw } from '../http/io.ts';
import { AuthApiError, badRequest, DUPLICATE_EMAIL, forbidden, internal, unprocessable } from './errors.ts';
import { isAdminRole, requireUser, type Caller } from './authenticate.ts';
import { checkPasswordChange, passwordChangePolicy } from './password-change.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { objectField, readJsonBody, stringField, type AuthRequest } from './request.ts';
import { deliver, issueEmailChange } from './account-mail.ts';
import { emailSettings } from './email-settings.ts';
import { emailTokenState } from './email-tokens-repo.ts';
import type { AuthLimiters } from './limiters.ts';
import { referrer } from './redirects.ts';
import { deleteSessions } from './sessions.ts';
import { mergeMetadata, userJson } from './user-json.ts';
import { emailTaken, findUserById, updateUser } from './users-repo.ts';
import { checkMetadataSize, validateEmail } from './validation.ts';

/** The audience a request expects: X-JWT-AUD or the default. */
function requestAud(r: AuthRequest): string {
  const h = r.req.headers['x-jwt-aud'];
  return (Array.isArray(h) ? h[0] : h) || 'authenticated';
}

/** Banned users keep their tokens until they expire, but GoTrue stops serving them. */
function refuseBanned(caller: Caller): void {
  if (caller.user.banned) throw forbidden('user_banned', 'User is banned');
}

/** GET /user: the signed-in user. */
export async function getUser(r: AuthRequest): Promise<void> {
  const caller = await requireUser(r.ctx, r);
  refuseBanned(caller);
  const aud = Array.isArray(caller.claims.aud) ? caller.claims.aud[0] : caller.claims.aud;
  if (aud !== requestAud(r)) throw badRequest('validation_failed', "Token audience doesn't match request audience");
  sendJson(r.res, 200, userJson(caller.user));
}

/**
 * PUT /user: password, email, data (user_metadata), app_metadata (admins only). A new password passes
 * GoTrue's checks under the project's config.toml (`secure_password_change`, `require_current_password`;
 * see checkPasswordChange). A new email is not applied: as GoTrue, it waits in new_email for the link sent
 * to it (and, with double_confirm_changes, the one sent to the current address; see routes-verify.ts).
 */
export async function updateCurrentUser(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  const caller = await requireUser(r.ctx, r);
  refuseBanned(caller);
  const { user, session } = caller;
  const body = await readJsonBody(r);
  let email = stringField(body, 'email') ?? '';
  const password = stringField(body, 'password');
  const currentPassword = stringField(body, 'current_password');
  const nonce = stringField(body, 'nonce');
  const data = objectField(body, 'data');
  const appData = objectField(body, 'app_metadata');
  if (stringField(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');

  if (email) email = validateEmail(email);
  if (password !== undefined) checkPasswordStrength(password);
  if (appData && !isAdminRole(user.role)) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const changesEmail = email !== '' && email !== user.email;
  if (changesEmail && (await emailTaken(r.ctx.db, email, user.id))) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const settings = emailSettings(r.ctx.config);
  if (changesEmail) {
    const age = (await emailTokenState(r.ctx.db, user.id))?.email_change_age;
    limits.mail.take(r, 'email_change', user.email ?? email, { frequencyMs: settings.maxFrequencyMs, perHour: settings.emailSentPerHour, sentAgoMs: age == null ? null : age * 1000 });
  }

  let newHash: string | undefined;
  if (password !== undefined) {
    await checkPasswordChange(passwordChangePolicy(r.ctx.config.supabaseDir), {
      session,
      encryptedPassword: user.encrypted_password,
      newPassword: password,
      currentPassword,
      nonce,
    });
    if (password !== '' && (await verifyPassword(password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    newHash = await hashPassword(password);
  }

  const patch: Record<string, unknown> = {};
  if (newHash) patch.encrypted_password = newHash;
  let userMeta = user.raw_user_meta_data;
  if (data) userMeta = mergeMetadata(userMeta, data);
  if (userMeta !== user.raw_user_meta_data) {
    checkMetadataSize('data', userMeta);
    patch.raw_user_meta_data = userMeta ?? {};
  }
  if (appData) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appData);

  try {
    const { updated, mails } = await r.ctx.db.transaction(async (tx) => {
      await updateUser(tx, user.id, patch);
      // A new password signs every other session out (GoTrue's UpdatePassword).
      if (newHash) await deleteSessions(tx, user.id, session ? { except: session.id } : {});
      const saved = (await findUserById(tx, user.id))!;
      const mails = changesEmail ? await issueEmailChange(tx, r.ctx, settings, saved, email, referrer(r, settings)) : [];
      return { updated: (await findUserById(tx, user.id))!, mails };
    });
    deliver(r.ctx, settings, mails);
    sendJson(r.res, 200, userJson(updated));
  } catch (e) {
    if (e instanceof AuthApiError) throw e;
    if ((e as { code?: string }).code === '23505') throw unprocessable('email_exists', DUPLICATE_EMAIL);
    r.ctx.log(`auth: user update failed in the database: ${(e as Error).message}`);
    throw internal('Error updating user');
  }
}

/** POST /logout?scope=global|local|others: deletes sessions (and so their refresh tokens); 204. */
export async function logout(r: AuthRequest): Promise<void> {
  const scope = r.url.searchParams.get('scope') || 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await requireUser(r.ctx, r);
  if (!session || scope === 'global') await deleteSessions(r.ctx.db, user.id);
  else if (scope === 'local') await deleteSessions(r.ctx.db, user.id, { only: session.id });
  else await deleteSessions(r.ctx.db, user.id, { except: session.id });
  sendRaw(r.res, 204, undefined);
}
