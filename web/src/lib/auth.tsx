import type { Session } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { rpc, supabase } from '@/lib/supabase';
import type { Profile } from '@/types/api';

interface SessionState {
  session: Session | null;
  /** True until supabase-js has read the stored session (its INITIAL_SESSION event). */
  loading: boolean;
}

const SessionContext = createContext<SessionState>({ session: null, loading: true });

/** Keeps the Supabase session in React state, driven only by `onAuthStateChange`. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ session: null, loading: true });
  useEffect(() => {
    // The callback must not await other supabase calls (it runs inside auth-js's lock): only set state.
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      setState({ session, loading: false });
    });
    return () => data.subscription.unsubscribe();
  }, []);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/**
 * api.current_profile() for the signed-in user, or null when there is none. The function returns a table
 * (zero or one row), so PostgREST answers with an array; a single object is accepted too.
 */
export async function getCurrentProfile(): Promise<Profile | null> {
  const data = await rpc<Profile[] | Profile | null>('current_profile');
  return Array.isArray(data) ? (data[0] ?? null) : data;
}

/** Keyed by user id, so another account's profile is never served from the cache. */
export function currentProfileQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: ['current-profile', userId ?? 'anonymous'],
    queryFn: getCurrentProfile,
    enabled: !!userId,
  });
}

export interface CurrentUser {
  session: Session | null;
  profile: Profile | null;
  /** True while the session or the profile is still being read. */
  isLoading: boolean;
  error: Error | null;
}

/** The signed-in user: the session from supabase-js plus the profile from the data API. */
export function useUser(): CurrentUser {
  const { session, loading } = useSession();
  const profile = useQuery(currentProfileQueryOptions(session?.user.id));
  return {
    session,
    profile: profile.data ?? null,
    isLoading: loading || (!!session && profile.isPending),
    error: profile.error,
  };
}
