import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentProfileQueryOptions } from '@/lib/auth';
import { loadSupabase } from '@/lib/supabase-loader';
import type { Profile } from '@/types/api';
import type { RegisterInput } from './auth-schemas';
import { pickUsername, type SocialField } from '@contract/social-username';
import { signUpLanguage } from '@/i18n/sign-up-language';
import { isPayoutCountry } from '@contract/payout-countries';
import { isUsernameAvailable } from './check-username';
import { confirmEmailRedirect } from './email-links';

/** Thrown when the chosen username is already used; `field` is the social field it came from. */
export class UsernameTakenError extends Error {
  override name = 'UsernameTakenError';
  constructor(readonly field: SocialField, readonly username: string) {
    super(`The username "${username}" is already taken`);
  }
}

export interface SignUpResult {
  /** Null when the project requires email confirmation: no session yet. */
  profile: Profile | null;
  signedIn: boolean;
  /** The address signed up with (where the confirmation email went when there is no session yet). */
  email: string;
}

/**
 * Registers a creator. The username is checked first so the user gets a field error rather than a
 * failed sign-up; the database still enforces uniqueness (a race ends in a "Registration failed" toast).
 * The profile row is created by the database from `options.data`. supabase-js is loaded on demand.
 * `language` (the screen's) is the language of Auth's emails to this account (its templates read it), and
 * the profile's when the visitor picked it (i18n/sign-up-language.ts); `country`, when one of the payout
 * countries, makes a creator from Brazil start in Portuguese (app.sign_up_language); with
 * confirmations on, the link in the first of them comes back to /auth/confirm.
 */
export async function signUp(
  input: RegisterInput,
  fetchProfile: (userId: string) => Promise<Profile | null>,
  returnPath: string | null = null,
): Promise<SignUpResult> {
  const picked = pickUsername(input);
  if (!picked) throw new Error('At least one social username is required');
  if (!(await isUsernameAvailable(picked.username))) throw new UsernameTakenError(picked.field, picked.username);
  const orNull = (v: string) => v.trim() || null;
  // Only a payout country is sent: 'other' and none say nothing the database reads.
  const country = isPayoutCountry(input.country) ? input.country : null;
  const { supabase } = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: confirmEmailRedirect(returnPath),
      data: {
        ...signUpLanguage(country),
        ...(country ? { country } : {}),
        username: picked.username,
        full_name: input.fullName,
        tiktok_handle: orNull(input.tiktokUsername),
        instagram_handle: orNull(input.instagramUsername),
        youtube_handle: orNull(input.youtubeUsername),
      },
    },
  });
  if (error) throw error;
  if (!data.session || !data.user) return { profile: null, signedIn: false, email: input.email };
  return { profile: await fetchProfile(data.user.id), signedIn: true, email: input.email };
}

export function useSignUp(
  options: { onSuccess?: (result: SignUpResult, input: RegisterInput) => void; onError?: (error: Error) => void; returnPath?: string | null } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => signUp(input, (userId) => queryClient.fetchQuery(currentProfileQueryOptions(userId)), options.returnPath ?? null),
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
