import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { ApiFunction } from '@/types/api-contract';
import { authStorageKey } from './auth-storage-key';

/**
 * The one Supabase client of the app. Data goes through `rpc()` into the `api` schema (the tables live in
 * an unexposed schema); the session is kept in localStorage and refreshed by supabase-js.
 * The app shell never imports this module statically (see supabase-loader.ts): screens for signed-out
 * visitors load it when they need it, signed-in route chunks import it.
 */
export const supabase = createClient(env.supabaseUrl, env.anonKey, {
  db: { schema: 'api' },
  // supabase-js's default key, stated so supabase-loader.ts can look for a session without this module.
  auth: { storageKey: authStorageKey(env.supabaseUrl) },
});

/** Lets lib/invoke-function.ts tell a function's non-2xx answer apart without importing supabase-js itself. */
export { FunctionsHttpError } from '@supabase/supabase-js';

/** supabase-js types the app names; the rest of web/src takes them from here (or supabase-loader.ts). */
export type { RealtimePostgresChangesPayload, Session, User } from '@supabase/supabase-js';

/** An error from the data API, carrying PostgREST's code (e.g. PGRST202, 42501) for callers that branch on it. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly details?: string | null,
    readonly hint?: string | null,
  ) {
    super(message);
  }
}

/**
 * Calls an `api` function and returns its data, throwing on error: supabase-js resolves with
 * `{ data, error }`, and a fetcher that forgot to check would turn failures into empty screens. The name
 * is checked against the generated types; the result type is the caller's (see types/api-contract.ts).
 */
export async function rpc<T>(fn: ApiFunction, args?: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.rpc(fn, args);
  if (error) throw new ApiError(error.message, error.code, error.details, error.hint);
  return data as T;
}
