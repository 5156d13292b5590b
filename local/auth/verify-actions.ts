import type { Queryable } from '../db/database.ts';
import { addressClaims, followEmailChange, hasIdentity, insertIdentity, updateIdentityData } from './identities-repo.ts';
import { clearOneTimeTokens, type OneTimeTokenType } from './one-time-tokens.ts';
import { mergeMetadata } from './user-json.ts';
import { findUserById, NOW, updateUser, type UserRow } from './users-repo.ts';

/**
 * What following an email link or typing its code does to the user, as GoTrue's verify.go does it. Each
 * runs inside the verification's transaction and clears the tokens it used, so a link works once.
 */

/** GoTrue's User.Confirm: the address is confirmed, user_metadata says email_verified, every pending token goes. */
async function confirm(q: Queryable, user: UserRow): Promise<void> {
  await updateUser(q, user.id, {
    confirmation_token: '',
    email_confirmed_at: NOW,
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
  });
  await clearOneTimeTokens(q, user.id);
}

/** signup (and invite): confirms the user and marks the email identity of that address verified. */
export async function confirmSignup(q: Queryable, user: UserRow): Promise<void> {
  await confirm(q, user);
  const email = user.email?.toLowerCase();
  if (email && user.identities.some((i) => i.provider === 'email' && i.email?.toLowerCase() === email)) {
    await updateIdentityData(q, user.id, 'email', { email_verified: true });
  }
}

/** recovery and magiclink: the recovery token is spent; an unconfirmed user is confirmed by it. */
export async function completeRecovery(q: Queryable, user: UserRow): Promise<void> {
  await updateUser(q, user.id, { recovery_token: '' });
  await clearOneTimeTokens(q, user.id);
  if (!user.email_confirmed_at) await confirm(q, user);
}

export interface EmailChangeTokens {
  email_change_token_new: string;
  email_change_token_current: string;
  email_change_confirm_status: number;
}

/**
 * The first of two links of a double-confirmed change (GoTrue's emailChangeVerify before the change):
 * the link's side is spent and the change waits for the other.
 */
export async function acceptFirstEmailChangeLink(q: Queryable, user: UserRow, tokens: EmailChangeTokens, usedHash: string, usedType: OneTimeTokenType | undefined): Promise<void> {
  const patch: Record<string, unknown> = { email_change_confirm_status: 1 };
  let side: OneTimeTokenType | undefined;
  if (usedHash === tokens.email_change_token_current || usedType === 'email_change_token_current') side = 'email_change_token_current';
  else if (usedHash === tokens.email_change_token_new || usedType === 'email_change_token_new') side = 'email_change_token_new';
  if (side) {
    patch[side] = '';
    await clearOneTimeTokens(q, user.id, side);
  }
  await updateUser(q, user.id, patch);
}

/**
 * The change itself (GoTrue's ConfirmEmailChange): the new address replaces the old one, the email
 * identity follows (or is created), pending tokens go, and an unconfirmed user is confirmed. The
 * auth.users trigger of supabase/migrations keeps app.profiles.email in step.
 */
export async function completeEmailChange(q: Queryable, user: UserRow): Promise<UserRow> {
  const email = user.email_change ?? '';
  if (await hasIdentity(q, user.id, 'email')) {
    await updateIdentityData(q, user.id, 'email', { email, email_verified: true });
  } else {
    await insertIdentity(q, user.id, 'email', addressClaims(user.id, { email }, true));
  }
  await updateUser(q, user.id, {
    email,
    email_change: '',
    email_change_token_new: '',
    email_change_token_current: '',
    email_change_confirm_status: 0,
  });
  await clearOneTimeTokens(q, user.id);
  if (!user.email_confirmed_at) await confirm(q, user);
  await followEmailChange(q, user.id, email);
  return (await findUserById(q, user.id))!;
}
