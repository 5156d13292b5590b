import { createClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './function-env.ts';
import type { ApiClient } from './user-client.ts';

/**
 * A client with the service-role key: it BYPASSES ROW-LEVEL SECURITY and may use the Auth admin API.
 * Use it only for what Supabase Auth alone can do (create, re-address or delete an auth user), and only
 * after the caller has been checked through their own client. Never send it or its key to a browser.
 */
export function serviceRoleClientBypassingRls(env: FunctionEnv): ApiClient {
  return createClient(env.supabaseUrl, env.serviceRoleKey, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
