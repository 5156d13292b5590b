import type { Session } from './supabase-loader';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Profile } from '@/types/api';
import { currentProfileKeys } from './query-keys';
import { clearScreenSnapshot, snapshotUsers } from './screen-snapshot';
import { hasStoredSession, loadSupabase, sessionStorageKey, whenSupabaseLoaded } from './supabase-loader';

interface SessionState {
  session: Session | null;
  /** True until supabase-js has read the stored session (its INITIAL_SESSION event). */
  loading: boolean;
}

const SessionContext = createContext<SessionState>({ session: null, loading: true });

/**
 * The session supabase-js last reported, once it has: read before the first render where index.html shows a
 * snapshot (src/app/snapshot-takeover.ts), so that render needs no "loading" frame; kept current by
 * SessionProvider, so a provider mounted again later starts from the present session, not a past one.
 */
let known: { session: Session | null } | undefined;

/** Records the session supabase-js restored, for SessionProvider's first render. */
export function setSessionReadBeforeRender(session: Session | null): void {
  known = { session };
}

/** The stored screen snapshot and shell hint are kept only while their user is the one signed in (src/lib/screen-snapshot.ts). */
function forgetOthersSnapshot(session: Session | null): void {
  if (snapshotUsers().some((owner) => owner !== session?.user.id)) clearScreenSnapshot();
}

/**
 * Keeps the Supabase session in React state, driven only by `onAuthStateChange`.
 * Without a stored session the visitor is signed out for certain, so supabase-js is not loaded for it:
 * the state starts as "no session" and the subscription is made as soon as something loads the client
 * (a sign-in or sign-up, a signed-in screen, or another tab signing in).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    known ? { session: known.session, loading: false } : { session: null, loading: hasStoredSession() },
  );
  const queryClient = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const stopWaiting = whenSupabaseLoaded(({ supabase }) => {
      // The callback must not await other supabase calls (it runs inside auth-js's lock): it sets state and
      // starts reading the profile on the next tick (every signed-in screen waits for it), rather than
      // after the render the new state causes; useUser() shares the same query, so it is read once.
      const { data } = supabase.auth.onAuthStateChange((_event, session) => {
        forgetOthersSnapshot(session);
        known = { session };
        setState({ session, loading: false });
        if (session) setTimeout(() => void queryClient.prefetchQuery(currentProfileQueryOptions(session.user.id)), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    if (hasStoredSession()) void loadSupabase();
    else forgetOthersSnapshot(null);
    // Another tab signed in: load the client, which picks the session up from storage.
    const onStorage = (event: StorageEvent) => {
      if (event.key === sessionStorageKey && event.newValue !== null) void loadSupabase();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopWaiting();
      unsubscribe?.();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
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
  const { rpc } = await loadSupabase();
  const data = await rpc<Profile[] | Profile | null>('current_profile');
  return Array.isArray(data) ? (data[0] ?? null) : data;
}

/** Keyed by user id, so another account's profile is never served from the cache. */
export function currentProfileQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: currentProfileKeys.ofUser(userId),
    queryFn: getCurrentProfile,
    enabled: !!userId,
  });
}

/**
 * Starts reading the signed-in user's profile as soon as supabase-js has the stored session, for route
 * loaders: the read then runs alongside the screen's own reads, instead of after the app's first render
 * (where SessionProvider subscribes). The same query as useUser's, so it is read once. Errors are left
 * for useUser to show.
 */
export async function prefetchCurrentProfile(queryClient: QueryClient): Promise<void> {
  const { supabase } = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  if (data.session) await queryClient.prefetchQuery(currentProfileQueryOptions(data.session.user.id));
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
