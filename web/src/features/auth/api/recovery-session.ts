import { useEffect, useState } from 'react';
import { hasStoredSession, loadSupabase } from '@/lib/supabase-loader';
import type { AuthRedirect } from './auth-redirect';

/** Remembers, for this tab, which user a recovery link signed in: a reload of the screen still offers the form. */
const RECOVERY_KEY = 'auth.recovery-user';

function remember(userId: string): void {
  try {
    sessionStorage.setItem(RECOVERY_KEY, userId);
  } catch {
    // Storage refused: a reload will ask for a new link.
  }
}

function remembered(): string | null {
  try {
    return sessionStorage.getItem(RECOVERY_KEY);
  } catch {
    return null;
  }
}

/** Called once the new password is saved. */
export function forgetRecovery(): void {
  try {
    sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    // Nothing remembered.
  }
}

export type RecoveryState = 'checking' | 'ready' | 'invalid';

/**
 * Whether the page holds the session a recovery link opened. supabase-js (implicit flow, detectSessionInUrl)
 * reads the session from the fragment when it loads, and `getSession()` waits for that; a refusal
 * (otp_expired), no fragment, or a fragment whose session Auth does not accept is 'invalid'.
 */
export function useRecoverySession(redirect: AuthRedirect): RecoveryState {
  const [state, setState] = useState<RecoveryState>(() => {
    if (redirect.kind === 'error') return 'invalid';
    if (redirect.kind === 'none' && (!hasStoredSession() || !remembered())) return 'invalid';
    return 'checking';
  });
  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    // The link's own session, not one stored before (supabase-js keeps that one when the link's fails).
    const linkToken = redirect.kind === 'session' ? redirect.accessToken : null;
    loadSupabase()
      .then(({ supabase }) => supabase.auth.getSession())
      .then(({ data }) => {
        const userId = data.session?.user.id;
        const ok = !!userId && (linkToken ? data.session?.access_token === linkToken : remembered() === userId);
        if (ok && linkToken) remember(userId);
        if (live) setState(ok ? 'ready' : 'invalid');
      })
      .catch(() => {
        if (live) setState('invalid');
      });
    return () => {
      live = false;
    };
  }, [state, redirect]);
  return state;
}
