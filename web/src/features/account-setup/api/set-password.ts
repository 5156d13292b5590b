import { useMutation } from '@tanstack/react-query';
import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

export const setPasswordSchema = z
  .object({
    password: z.string().min(6, 'Password must be at least 6 characters'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: "Passwords don't match", path: ['passwordConfirm'] });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/**
 * True for an account created by an admin with a temporary password that has not been replaced yet
 * (app_metadata is written only with the service role; a database trigger removes the flag when the
 * password changes).
 */
export function mustSetPassword(user: User | null | undefined): boolean {
  return user?.app_metadata?.password_change_required === true;
}

/**
 * Replaces the temporary password, then refreshes the session so the new app_metadata (without the flag)
 * reaches the app through onAuthStateChange.
 */
export async function setPassword(input: SetPasswordInput): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password: input.password });
  if (error) throw error;
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) throw refreshed.error;
}

export function useSetPassword(options: { onError?: (e: Error) => void } = {}) {
  return useMutation({ mutationFn: setPassword, onError: options.onError });
}
