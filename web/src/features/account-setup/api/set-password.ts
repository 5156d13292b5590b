import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { SetPasswordInput } from './set-password-schema';

// Apart from the call, so the form's texts and tests can have the rules without supabase-js.
export { setPasswordMessages, setPasswordSchema, type SetPasswordInput } from './set-password-schema';

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
