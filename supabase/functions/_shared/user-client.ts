import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './contract/database.types.ts';
import type { FunctionEnv } from './function-env.ts';

/** A supabase-js client on the exposed `api` schema. */
export type ApiClient = SupabaseClient<Database, 'api'>;

/**
 * A client that acts as the caller: every rpc carries the caller's access token, so row-level security
 * and the functions' own checks apply exactly as for the web app. Without a token it acts as anon.
 * `forwardedFor` passes the end user's address on, so Auth's per-IP limits count people, not this function.
 */
export function userClient(env: FunctionEnv, accessToken?: string, forwardedFor?: string | null): ApiClient {
  const headers: Record<string, string> = {};
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
  return createClient<Database, 'api'>(env.supabaseUrl, env.anonKey, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
  });
}
