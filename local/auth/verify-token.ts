import type { Queryable } from '../db/database.ts';
import { emailTokenState, type EmailTokenState } from './email-tokens-repo.ts';
import { badRequest, forbidden } from './errors.ts';
import { findOneTimeToken, tokenHash, type OneTimeTokenType } from './one-time-tokens.ts';
import { findUserByEmail, findUserById, type UserRow } from './users-repo.ts';

/** The user a link or code belongs to, and the verification type it turned out to be ('email' becomes signup or magiclink). */
export interface Verified {
  user: UserRow;
  state: EmailTokenState;
  type: string;
  usedType?: OneTimeTokenType;
}

const LINK_INVALID = 'Email link is invalid or has expired';
const CODE_INVALID = 'Token has expired or is invalid';

const TYPES_OF: Record<string, OneTimeTokenType[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

/** Go's isOtpExpired; a token never sent counts as expired. */
const expired = (ageSeconds: number | null, expirySeconds: number) => ageSeconds === null || ageSeconds > expirySeconds;

async function loadUser(q: Queryable, userId: string, message: string): Promise<{ user: UserRow; state: EmailTokenState }> {
  const user = await findUserById(q, userId);
  const state = user && (await emailTokenState(q, userId));
  if (!user || !state) throw forbidden('otp_expired', message);
  if (user.banned) throw forbidden('user_banned', 'User is banned');
  return { user, state };
}

/** GoTrue's verifyTokenHash: a link's token_hash, found through auth.one_time_tokens. */
export async function verifyTokenHash(q: Queryable, type: string, hash: string, expirySeconds: number): Promise<Verified> {
  const types = TYPES_OF[type];
  if (!types) throw badRequest('validation_failed', 'Invalid email verification type');
  const found = await findOneTimeToken(q, hash, types);
  if (!found) throw forbidden('otp_expired', LINK_INVALID);
  const { user, state } = await loadUser(q, found.userId, LINK_INVALID);
  let actualType = type;
  let age: number | null;
  if (type === 'email') {
    const recovery = state.recovery_token === hash;
    actualType = recovery ? 'magiclink' : 'signup';
    age = recovery ? state.recovery_age : state.confirmation_age;
  } else if (type === 'signup' || type === 'invite') age = state.confirmation_age;
  else if (type === 'recovery' || type === 'magiclink') age = state.recovery_age;
  else age = state.email_change_age;
  if (expired(age, expirySeconds)) throw forbidden('otp_expired', LINK_INVALID);
  return { user, state, type: actualType, usedType: found.type };
}

/** GoTrue's verifyUserAndToken: an email address and the code sent to it. */
export async function verifyEmailAndCode(q: Queryable, type: string, email: string, code: string, expirySeconds: number): Promise<Verified> {
  if (!TYPES_OF[type] && type !== 'sms' && type !== 'phone_change') throw badRequest('validation_failed', 'Unsupported verification type');
  const hash = tokenHash(email, code);
  let userId: string | undefined;
  let usedType: OneTimeTokenType | undefined;
  if (type === 'email_change') {
    // The code was sent to the new or the current address; its hash names the token either way.
    const found = await findOneTimeToken(q, hash, TYPES_OF.email_change!);
    userId = found?.userId;
    usedType = found?.type;
  } else if (type !== 'sms' && type !== 'phone_change') {
    userId = (await findUserByEmail(q, email))?.id;
  }
  if (!userId) throw forbidden('otp_expired', CODE_INVALID);
  const { user, state } = await loadUser(q, userId, CODE_INVALID);
  const valid = (expected: string, age: number | null) => expected !== '' && !expired(age, expirySeconds) && hash === expected;
  let actualType = type;
  let ok = false;
  if (type === 'email') {
    if (valid(state.confirmation_token, state.confirmation_age)) [ok, actualType] = [true, 'signup'];
    else if (valid(state.recovery_token, state.recovery_age)) [ok, actualType] = [true, 'magiclink'];
  } else if (type === 'signup' || type === 'invite') ok = valid(state.confirmation_token, state.confirmation_age);
  else if (type === 'recovery' || type === 'magiclink') ok = valid(state.recovery_token, state.recovery_age);
  else if (type === 'email_change') {
    ok = valid(state.email_change_token_current, state.email_change_age) || valid(state.email_change_token_new, state.email_change_age);
  }
  if (!ok) throw forbidden('otp_expired', CODE_INVALID);
  return { user, state, type: actualType, usedType };
}
