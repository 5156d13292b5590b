import { env } from '@/config/env';
import { authStorageKey } from './auth-storage-key';

/**
 * supabase-js (auth, PostgREST, Realtime, Functions, Storage) is the largest part of the app's code and a
 * signed-out visitor on /auth or the landing page needs none of it until they submit a form. So the
 * entry chunk never imports lib/supabase.ts statically: it is loaded here, on demand. Signed-in screens
 * import it statically (their route chunks load it with them); both paths share the one module instance.
 */
export type SupabaseModule = typeof import('./supabase');

/** Types only (erased from the bundle), for code in the entry chunk that must not import lib/supabase.ts. */
export type { Session, User } from './supabase';

/** The key supabase-js stores the session under (see auth-storage-key.ts). */
export const sessionStorageKey = authStorageKey(env.supabaseUrl);

let loading: Promise<SupabaseModule> | undefined;
let loaded: SupabaseModule | undefined;
const waiting = new Set<(module: SupabaseModule) => void>();

/** Loads lib/supabase.ts (once) and tells everyone waiting for it. */
export function loadSupabase(): Promise<SupabaseModule> {
  loading ??= import('./supabase').then((module) => {
    loaded = module;
    for (const callback of waiting) callback(module);
    waiting.clear();
    return module;
  });
  return loading;
}

/**
 * Runs `callback` with the module as soon as anyone has loaded it (at once when that already happened),
 * without loading it. Returns a function that cancels the wait.
 */
export function whenSupabaseLoaded(callback: (module: SupabaseModule) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/**
 * True when supabase-js may have a session to restore: its storage key is present. False means a
 * signed-out visitor for certain, so nothing has to be loaded to know it.
 */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(sessionStorageKey) !== null;
  } catch {
    // Storage blocked (privacy settings): let supabase-js decide, as it would without this shortcut.
    return true;
  }
}

/**
 * The stored session's user as supabase-js wrote it (its id and user_metadata), read synchronously without
 * loading supabase-js; not verified (supabase-js decides whether the session still holds). For what is drawn
 * before that: the shell and its language (decision 0037).
 */
export function storedSessionUser(): { id: string; metadata: Record<string, unknown> } | undefined {
  try {
    const user = (JSON.parse(window.localStorage.getItem(sessionStorageKey) ?? 'null') as { user?: { id?: unknown; user_metadata?: unknown } } | null)?.user;
    if (typeof user?.id !== 'string') return undefined;
    const metadata = user.user_metadata && typeof user.user_metadata === 'object' ? (user.user_metadata as Record<string, unknown>) : {};
    return { id: user.id, metadata };
  } catch {
    return undefined;
  }
}
