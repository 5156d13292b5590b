import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentProfileQueryOptions } from '@/lib/auth';
import { loadSupabase } from '@/lib/supabase-loader';
import type { Profile } from '@/types/api';
import { forgetRecovery } from './recovery-session';

/**
 * Saves the new password on the recovery session the email link opened (PUT /auth/v1/user), then reads
 * the profile: its role decides where the user lands, signed in. An account an admin created with a
 * temporary password loses its "must set a password" flag with this change; the session is refreshed so
 * the app sees that at once.
 */
export async function setNewPassword(password: string, fetchProfile: (userId: string) => Promise<Profile | null>): Promise<Profile | null> {
  const { supabase } = await loadSupabase();
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  if (data.user.app_metadata?.password_change_required === true) await supabase.auth.refreshSession();
  forgetRecovery();
  return fetchProfile(data.user.id);
}

export function useSetNewPassword(options: { onSuccess?: (profile: Profile | null) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => setNewPassword(password, (userId) => queryClient.fetchQuery(currentProfileQueryOptions(userId))),
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
