import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from './auth';
import { signInCountKeys } from './query-keys';
import { type Welcome, welcomeFor } from './welcome';
import { loadSupabase } from './supabase-loader';

export type { Welcome } from './welcome';
export { welcomeFor } from './welcome';

/** api.my_sign_in_count(): the caller's sign-ins, this one included. */
export async function getSignInCount(): Promise<number | null> {
  const { rpc } = await loadSupabase();
  return rpc<number | null>('my_sign_in_count');
}

/** Keyed by user id: another account's count is never served from the cache. It changes only at sign-in. */
export function signInCountQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: signInCountKeys.ofUser(userId), queryFn: getSignInCount, enabled: !!userId, staleTime: Infinity });
}

/** The signed-in user's welcome, undefined while it is read. */
export function useWelcome(): Welcome | undefined {
  const { session } = useSession();
  const { data, isSuccess } = useQuery(signInCountQueryOptions(session?.user.id));
  return isSuccess ? welcomeFor(data) : undefined;
}
