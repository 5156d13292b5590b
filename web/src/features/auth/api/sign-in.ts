import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentProfileQueryOptions } from '@/lib/auth';
import { loadSupabase } from '@/lib/supabase-loader';
import type { Profile } from '@/types/api';
import type { LoginInput } from './auth-schemas';

/**
 * Signs in with email and password, then reads the profile (its role decides where the user lands).
 * supabase-js is loaded here if the visit has not needed it yet (see lib/supabase-loader.ts).
 */
export async function signIn(input: LoginInput, fetchProfile: (userId: string) => Promise<Profile | null>): Promise<Profile | null> {
  const { supabase } = await loadSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email: input.email, password: input.password });
  if (error) throw error;
  return fetchProfile(data.user.id);
}

export function useSignIn(options: { onSuccess?: (profile: Profile | null) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => signIn(input, (userId) => queryClient.fetchQuery(currentProfileQueryOptions(userId))),
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
