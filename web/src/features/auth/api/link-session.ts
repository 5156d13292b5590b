import { useEffect, useState } from 'react';
import { hasStoredSession, loadSupabase } from '@/lib/supabase-loader';
import type { AuthRedirect } from './auth-redirect';

export type LinkSessionState = { status: 'checking' } | { status: 'signed-in'; userId: string; email: string } | { status: 'invalid' };

/**
 * The session a sign-up confirmation link (or an email change's last link) opened: supabase-js reads it
 * from the fragment when it loads (getSession() waits for that). Without a fragment, a session this browser
 * already had counts (the link was followed before, the page reloaded); a refusal or no session is 'invalid'.
 */
export function useLinkSession(redirect: AuthRedirect): LinkSessionState {
  const [state, setState] = useState<LinkSessionState>(() =>
    redirect.kind === 'error' || (redirect.kind === 'none' && !hasStoredSession()) ? { status: 'invalid' } : { status: 'checking' },
  );
  useEffect(() => {
    if (state.status !== 'checking') return;
    let live = true;
    const linkToken = redirect.kind === 'session' ? redirect.accessToken : null;
    loadSupabase()
      .then(({ supabase }) => supabase.auth.getSession())
      .then(({ data }) => {
        const session = data.session;
        // The link's own session, not one stored before (supabase-js keeps that one when the link's fails).
        const ok = !!session && (!linkToken || session.access_token === linkToken);
        if (live) setState(ok ? { status: 'signed-in', userId: session.user.id, email: session.user.email ?? '' } : { status: 'invalid' });
      })
      .catch(() => {
        if (live) setState({ status: 'invalid' });
      });
    return () => {
      live = false;
    };
  }, [state.status, redirect]);
  return state;
}
