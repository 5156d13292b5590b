import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { loadSupabase } from '@/lib/supabase-loader';
import { appUrl } from './auth-redirect';

/** Where the sign-up confirmation link comes back to (also given to signUp). */
export function confirmEmailRedirect(): string {
  return appUrl(paths.confirmEmail.getHref());
}

/**
 * Sends the sign-up confirmation email again (POST /auth/v1/resend, type signup). Auth answers the same
 * whether or not the address waits for confirmation.
 */
export async function resendConfirmation(email: string): Promise<void> {
  const { supabase } = await loadSupabase();
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: confirmEmailRedirect() } });
  if (error) throw error;
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
