import { randomUUID } from 'node:crypto';
import { clientIp } from '../http/client-ip.ts';
import { sendJson } from '../http/io.ts';
import { isPgError } from '../db/database.ts';
import { AuthApiError, internal, unprocessable } from './errors.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { addressClaims, insertIdentity } from './identities-repo.ts';
import { enforceRateLimit } from './rate-limit-response.ts';
import { objectField, readJsonBody, stringField, type AuthRequest } from './request.ts';
import { sessionResponse, startSession } from './tokens.ts';
import { findUserById, findUserByEmail, insertUser } from './users-repo.ts';
import { checkMetadataSize, validateEmail } from './validation.ts';
import { emailSettings } from './email-settings.ts';
import { signupWithConfirmation } from './signup-confirm.ts';
import type { AuthLimiters } from './limiters.ts';

/**
 * POST /signup with email and password. With `enable_confirmations = false` (config.toml's) sign-ups are
 * auto-confirmed and the answer is a session; with it on, see signup-confirm.ts. The user, the session and its refresh
 * token are written in one transaction: when a trigger on auth.users raises, nothing is created.
 */
export async function signup(r: AuthRequest, limits: AuthLimiters): Promise<void> {
  const body = await readJsonBody(r);
  const password = stringField(body, 'password') ?? '';
  const data = objectField(body, 'data') ?? {};
  const rawEmail = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  // Neither email nor phone is an anonymous sign-in (supabase-js signInAnonymously). GoTrue checks this
  // first, before its sign-up limit; this stack has no anonymous users, as config.toml's
  // enable_anonymous_sign_ins = false, so it answers what GoTrue answers then.
  if (!rawEmail && !phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  enforceRateLimit(limits.signUp, r);

  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  if (rawEmail && phone) {
    throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);
  checkMetadataSize('data', data);
  if (emailSettings(r.ctx.config).confirmations) return signupWithConfirmation(r, limits, { email, password, data });

  if (await findUserByEmail(r.ctx.db, email)) throw unprocessable('user_already_exists', 'User already registered');

  const id = randomUUID();
  const encryptedPassword = await hashPassword(password);
  const client = { userAgent: r.req.headers['user-agent'] ?? null, ip: clientIp(r.req) };
  // GoTrue's email identity: the address claims, plus the sign-up data under any other key. The user's
  // metadata starts as a copy of it; auto-confirmation then marks the copy verified, not the identity
  // (GoTrue sets identity_data.email_verified only when a confirmation link is followed).
  const identityData = { ...data, ...addressClaims(id, { email }) };
  let result;
  try {
    result = await r.ctx.db.transaction(async (tx) => {
      await insertUser(tx, {
        id,
        email,
        encryptedPassword,
        role: 'authenticated',
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { ...identityData, email_verified: true },
        emailConfirmed: true,
        signedIn: true,
      });
      await insertIdentity(tx, id, 'email', identityData);
      const session = await startSession(tx, id, client);
      const user = await findUserById(tx, id);
      return { session, user: user! };
    });
  } catch (e) {
    if (e instanceof AuthApiError) throw e;
    if (isPgError(e) && e.code === '23505' && /email/.test(e.message + (e.detail ?? ''))) {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    r.ctx.log(`auth: sign-up failed in the database: ${(e as Error).message}`);
    throw internal('Database error saving new user');
  }
  const { session, user } = result;
  sendJson(r.res, 200, sessionResponse(r.ctx, user, session.sessionId, session.authTime, session.refreshToken));
}
