/**
 * The localStorage key supabase-js keeps the session under. It is supabase-js's own default
 * (`sb-<first label of the API host>-auth-token`), written out so the app can tell synchronously, without
 * loading supabase-js, whether a session may exist; lib/supabase.ts passes it to createClient so the two
 * can never disagree.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
