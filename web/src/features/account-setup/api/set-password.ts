import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

export const setPasswordSchema = z
  .object({
    password: z.string().min(6, 'Password must be at least 6 characters'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: "Passwords don't match", path: ['passwordConfirm'] });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

// In a file of its own so the app shell can ask without loading zod and the form (see app/routes/app/root.tsx).
export { mustSetPassword } from './must-set-password';

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
