import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { currentProfileKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';
import type { AccountValues } from './settings-schemas';

/**
 * Which part of an account save failed, so the form can point at the field, and the failure's stable code
 * (the SQL function's DETAIL, or Auth's error code) so the screen can say why in the reader's language.
 */
export class AccountUpdateError extends Error {
  override name = 'AccountUpdateError';
  constructor(
    message: string,
    readonly field: 'username' | 'email' | null,
    /** True when the name, username and bio were saved before the email change failed. */
    readonly profileSaved: boolean,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Saves the Account tab: name, username and bio through api.update_account, then the email (if it
 * changed) through supabase.auth.updateUser, whose trigger copies it to the profile. The profile part
 * goes first: a taken username then stops the save before the email moves. A new email waits for its
 * confirmation links (`emailPending`, the address it will become).
 */
export async function updateAccount(values: AccountValues, currentEmail: string): Promise<{ emailPending: string | null }> {
  try {
    await rpc<void>('update_account', { full_name: values.fullName, username: values.username, bio: values.bio.trim() || null });
  } catch (e) {
    const err = e as { message: string; code?: string; details?: string | null };
    const field = err.code === '23505' || err.details?.startsWith('username') ? 'username' : null;
    throw new AccountUpdateError(err.message, field, false, err.details || err.code);
  }
  if (values.email.toLowerCase() !== currentEmail.toLowerCase()) {
    // Both links land on /auth/email-change, which says what each did and what is left.
    const emailRedirectTo = new URL(paths.confirmEmailChange.getHref(), window.location.origin).toString();
    const { data, error } = await supabase.auth.updateUser({ email: values.email }, { emailRedirectTo });
    if (error) throw new AccountUpdateError(error.message, 'email', true, error.code);
    // With double_confirm_changes Auth keeps the address until the links it sent to both are followed.
    return { emailPending: data.user.new_email ?? null };
  }
  return { emailPending: null };
}

export function useUpdateAccount(userId: string, currentEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AccountValues) => updateAccount(values, currentEmail),
    // Also after a partial failure: the shell must show what the database now holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentProfileKeys.ofUser(userId) }),
  });
}
