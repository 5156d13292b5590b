import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { settingsMessages } from './settings-schemas';

/**
 * A refused password change, with the field it concerns. The message is one of settingsMessages when the
 * reason is known; otherwise Auth's own, with Auth's error code for the screen to say it in its language.
 */
export class PasswordUpdateError extends Error {
  override name = 'PasswordUpdateError';
  constructor(
    message: string,
    readonly field: 'currentPassword' | 'newPassword' | null,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Checks the current password, then sets the new one.
 *
 * The hosted auth server (GoTrue, with `[auth.email] secure_password_change = true` in
 * supabase/config.toml) only takes a new password from a session signed in within the last 24 hours;
 * an older one gets 400 reauthentication_needed. It does not check `current_password` unless the project
 * also sets `require_current_password`. So the current password is verified by signing in again with it:
 * a wrong one is refused there (400 invalid_credentials) and nothing changes; a right one gives a new,
 * recent session, from which updateUser is accepted. `current_password` is sent as well, for a project
 * that requires it. Setting the password signs the user's other sessions out, the replaced one included.
 */
export async function updatePassword(currentPassword: string, newPassword: string): Promise<void> {
  const email = (await supabase.auth.getSession()).data.session?.user.email;
  if (!email) throw new PasswordUpdateError(settingsMessages.signInAgain, null);
  const check = await supabase.auth.signInWithPassword({ email, password: currentPassword });
  if (check.error) {
    if (check.error.code === 'invalid_credentials') throw new PasswordUpdateError(settingsMessages.currentPasswordWrong, 'currentPassword');
    throw new PasswordUpdateError(check.error.message, null, check.error.code);
  }
  const { error } = await supabase.auth.updateUser({ password: newPassword, current_password: currentPassword });
  if (!error) return;
  switch (error.code) {
    case 'current_password_invalid':
    case 'current_password_required':
      throw new PasswordUpdateError(settingsMessages.currentPasswordWrong, 'currentPassword');
    case 'reauthentication_needed':
      throw new PasswordUpdateError(settingsMessages.signInAgain, null);
    case 'same_password':
      throw new PasswordUpdateError(settingsMessages.samePassword, 'newPassword');
    case 'weak_password':
      throw new PasswordUpdateError(settingsMessages.weakPassword, 'newPassword');
    default:
      throw new PasswordUpdateError(error.message, null, error.code);
  }
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: (v: { currentPassword: string; newPassword: string }) => updatePassword(v.currentPassword, v.newPassword) });
}
