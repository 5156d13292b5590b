import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';
import { confirmEmailRedirect } from './email-links';

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
