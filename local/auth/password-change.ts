import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { badRequest, unprocessable } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { isRecoverySession, type SessionRow } from './sessions.ts';

/**
 * The project's rules for `PUT /user` with a password, from `[auth.email]` of supabase/config.toml as the
 * Supabase CLI maps them to GoTrue:
 * - `secure_password_change` -> GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION
 *   (Management API `security_update_password_require_reauthentication`, the dashboard's "Secure password
 *   change");
 * - `require_current_password` -> GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD
 *   (`security_update_password_require_current_password`, GoTrue since supabase/auth#2364).
 */
export interface PasswordChangePolicy {
  requireReauthentication: boolean;
  requireCurrentPassword: boolean;
}

/** GoTrue's window: a session created less than 24 hours ago counts as a recent sign-in. */
export const RECENT_SIGN_IN_SECONDS = 24 * 60 * 60;

const cache = new Map<string, { mtimeMs: number; policy: PasswordChangePolicy }>();

/** The policy of `<supabaseDir>/config.toml`, re-read when the file changes; a missing file is the CLI's defaults (both off). */
export function passwordChangePolicy(supabaseDir: string): PasswordChangePolicy {
  const file = path.join(supabaseDir, 'config.toml');
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return { requireReauthentication: false, requireCurrentPassword: false };
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.policy;
  const email = ((parse(readFileSync(file, 'utf8')) as { auth?: { email?: Record<string, unknown> } }).auth?.email ?? {}) as Record<string, unknown>;
  const policy = {
    requireReauthentication: email.secure_password_change === true,
    requireCurrentPassword: email.require_current_password === true,
  };
  cache.set(file, { mtimeMs, policy });
  return policy;
}

/**
 * GoTrue's checks before a new password is set (internal/api/user.go, UserUpdate), in its order:
 * 1. reauthentication: with no session, or one created over 24 hours ago, a nonce from
 *    POST /reauthenticate is needed: none is 400 reauthentication_needed. This stack sends no email, so
 *    no nonce was ever issued and any nonce is 422 reauthentication_not_valid (what GoTrue answers a user
 *    without a pending reauthentication). Signing in again makes a recent session.
 * 2. the current password, for a user who has one and outside a recovery session (one started from an
 *    email link or code, amr otp): missing is 400 current_password_required, wrong is 400
 *    current_password_invalid. When the setting is off GoTrue ignores `current_password`, and so does this.
 */
export async function checkPasswordChange(
  policy: PasswordChangePolicy,
  input: {
    session: SessionRow | undefined;
    encryptedPassword: string | null;
    newPassword: string;
    currentPassword: string | undefined;
    nonce: string | undefined;
    nowSeconds?: number;
  },
): Promise<void> {
  if (policy.requireReauthentication) {
    const now = input.nowSeconds ?? Date.now() / 1000;
    if (!input.session || now > input.session.auth_time + RECENT_SIGN_IN_SECONDS) {
      if (!input.nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
    }
  }
  if (policy.requireCurrentPassword && input.newPassword !== '' && input.encryptedPassword && !isRecoverySession(input.session)) {
    if (!input.currentPassword) {
      throw badRequest('current_password_required', 'Current password required when setting new password.');
    }
    if (!(await verifyPassword(input.currentPassword, input.encryptedPassword))) {
      throw badRequest('current_password_invalid', 'Current password required when setting new password.');
    }
  }
}
