/**
 * What Auth's email links bring back in the address's fragment (GoTrue's implicit flow): a session
 * (`access_token`, `refresh_token`, `type=recovery|signup|email_change|…`), a refusal (`error_code=otp_expired`
 * for an expired or already used link), or a message without a session (`message=Confirmation link
 * accepted…`: the first of an email change's two links). supabase-js reads a session from there itself and
 * then clears the fragment; a refusal or a message it leaves, so screens read them here.
 */
export type AuthRedirect =
  | { kind: 'session'; type: string | null; accessToken: string }
  | { kind: 'error'; code: string }
  | { kind: 'message'; message: string }
  | { kind: 'none' };

export function readAuthRedirect(fragment: string): AuthRedirect {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const code = params.get('error_code') ?? params.get('error');
  if (code || params.has('error_description')) return { kind: 'error', code: code || 'unspecified_code' };
  const accessToken = params.get('access_token');
  if (accessToken && params.get('refresh_token')) return { kind: 'session', type: params.get('type'), accessToken };
  const message = params.get('message');
  if (message) return { kind: 'message', message };
  return { kind: 'none' };
}

/** The fragment when this module was first loaded: supabase-js may clear the address before a screen mounts. */
export const fragmentAtLoad = typeof window === 'undefined' ? '' : window.location.hash;

/** The redirect the page was opened with: the address's fragment if it still has one, else the one it loaded with. */
export function currentAuthRedirect(): AuthRedirect {
  const now = readAuthRedirect(typeof window === 'undefined' ? '' : window.location.hash);
  return now.kind === 'none' ? readAuthRedirect(fragmentAtLoad) : now;
}
