import { randomUUID } from 'node:crypto';
import { sendJson } from '../http/io.ts';
import { isPgError } from '../db/database.ts';
import { deliver, issueConfirmation, type PendingMail } from './account-mail.ts';
import { emailSettings } from './email-settings.ts';
import { emailTokenState } from './email-tokens-repo.ts';
import { AuthApiError, internal } from './errors.ts';
import { addressClaims, insertIdentity } from './identities-repo.ts';
import { hashPassword } from './passwords.ts';
import type { AuthLimiters } from './limiters.ts';
import { referrer } from './redirects.ts';
import type { AuthRequest } from './request.ts';
import { userJson } from './user-json.ts';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './users-repo.ts';

type Json = Record<string, unknown>;

/** RFC 3339 with microseconds, as GoTrue's JSON writes time.Now(). */
const goNow = () => new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z').replace(/\.?0+Z$/, 'Z');

/**
 * GoTrue's sanitizeUser: what a sign-up with an already confirmed address answers, shaped like a new
 * unconfirmed user (a fresh id, confirmation_sent_at now) so the answer does not say the address is taken.
 * As GoTrue's, role is empty and identities is an empty list (supabase-js documents that as the tell for
 * an existing user, to the app only). Nothing else of the real user is copied.
 */
export function obfuscatedUser(email: string, data: Json): Json {
  const now = goNow();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * POST /signup with `enable_confirmations` on: the user is created unconfirmed and sent the confirmation
 * email; the answer is the user without a session. As GoTrue: an address waiting for confirmation gets the
 * email again (within max_frequency, the 429 every address gets); a confirmed one gets obfuscatedUser().
 * The password is hashed whichever case it is, so the cases take alike.
 */
export async function signupWithConfirmation(r: AuthRequest, limits: AuthLimiters, input: { email: string; password: string; data: Json }): Promise<void> {
  const { email, password, data } = input;
  const settings = emailSettings(r.ctx.config);
  const redirectTo = referrer(r, settings);
  const existing = await findUserByEmail(r.ctx.db, email);
  const state = await emailTokenState(r.ctx.db, existing?.id ?? randomUUID());
  const age = state?.confirmation_age;
  limits.mail.take(r, 'confirmation', email, { frequencyMs: settings.maxFrequencyMs, perHour: settings.emailSentPerHour, sentAgoMs: age == null ? null : age * 1000 });
  const encryptedPassword = await hashPassword(password);
  if (existing?.email_confirmed_at) {
    sendJson(r.res, 200, obfuscatedUser(email, data));
    return;
  }

  let result: { user: UserRow; mails: PendingMail[] };
  try {
    result = await r.ctx.db.transaction(async (tx) => {
      let user = existing;
      if (!user) {
        const id = randomUUID();
        // The email identity's claims plus the sign-up data; user_metadata starts as the same, unverified.
        const identityData = { ...data, ...addressClaims(id, { email }) };
        await insertUser(tx, {
          id,
          email,
          encryptedPassword,
          role: 'authenticated',
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: identityData,
          emailConfirmed: false,
        });
        await insertIdentity(tx, id, 'email', identityData);
        user = (await findUserById(tx, id))!;
      }
      // An unconfirmed user is not updated: whoever signs up again may not be who signed up first.
      const mail = await issueConfirmation(tx, r.ctx, settings, user, redirectTo);
      return { user: (await findUserById(tx, user.id))!, mails: [mail] };
    });
  } catch (e) {
    if (e instanceof AuthApiError) throw e;
    if (isPgError(e) && e.code === '23505' && /email/.test(e.message + (e.detail ?? ''))) {
      // A concurrent sign-up with the same address won the race: answer as for a taken address.
      sendJson(r.res, 200, obfuscatedUser(email, data));
      return;
    }
    r.ctx.log(`auth: sign-up failed in the database: ${(e as Error).message}`);
    throw internal('Database error saving new user');
  }
  deliver(r.ctx, settings, result.mails);
  sendJson(r.res, 200, userJson(result.user));
}
