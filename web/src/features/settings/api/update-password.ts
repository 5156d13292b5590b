import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { settingsMessages } from './settings-schemas';

/** A refused password change, with the field it concerns. */
export class PasswordUpdateError extends Error {
  override name = 'PasswordUpdateError';
  constructor(
    message: string,
    readonly field: 'currentPassword' | 'newPassword' | null,
  ) {
    super(message);
  }
}

/**
 * supabase.auth.updateUser({ password, current_password }): the auth server checks the current password
 * (400 current_password_mismatch when wrong) and refuses a new password equal to the old (422 same_password)
 * or too weak (422 weak_password).
 */
export async function updatePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password: newPassword, current_password: currentPassword });
  if (!error) return;
  switch (error.code) {
    case 'current_password_mismatch':
    case 'reauthentication_needed':
      throw new PasswordUpdateError(settingsMessages.currentPasswordWrong, 'currentPassword');
    case 'same_password':
    case 'weak_password':
      throw new PasswordUpdateError(error.message, 'newPassword');
    default:
      throw new PasswordUpdateError(error.message, null);
  }
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: (v: { currentPassword: string; newPassword: string }) => updatePassword(v.currentPassword, v.newPassword) });
}
