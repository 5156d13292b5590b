import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentProfileQueryOptions } from '@/lib/auth';
import { signInCountQueryOptions, type Welcome, welcomeFor } from '@/lib/sign-ins';
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

export interface SignedIn {
  profile: Profile | null;
  /** "Welcome" at the first sign-in, "Welcome back" after (src/lib/sign-ins.ts). */
  welcome: Welcome;
}

export function useSignIn(options: { onSuccess?: (signedIn: SignedIn) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<SignedIn> => {
      let userId: string | undefined;
      const profile = await signIn(input, (id) => {
        userId = id;
        return queryClient.fetchQuery(currentProfileQueryOptions(id));
      });
      // The count includes this sign-in: read afresh, not from a cache of an earlier session.
      const signIns = await queryClient.fetchQuery({ ...signInCountQueryOptions(userId), staleTime: 0 }).catch(() => null);
      return { profile, welcome: welcomeFor(signIns) };
    },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
