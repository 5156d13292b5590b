import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';
import { resetPasswordRedirect } from './email-links';

/**
 * Asks Auth to email a password-reset link (POST /auth/v1/recover). Auth answers the same for an address
 * with or without an account, so the screen does too. The link comes back to /auth/reset-password.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { supabase } = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: resetPasswordRedirect() });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
