import type { SupabaseClient } from '@supabase/supabase-js';
import { nodeClient } from '../node-client.ts';
import { loadConfig } from '../runtime.ts';

/**
 * supabase-js clients on the stack under test, on the `api` schema as the web app uses it. scripts/e2e.ts
 * starts the stack with loadConfig(process.env) and passes the same environment on, so the service-role
 * key derived here is the stack's.
 */
export type ApiClient = SupabaseClient<any, 'api', 'api'>;

export interface Credentials {
  email: string;
  password: string;
}

export function stackUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:e2e`.');
  return url;
}

export function anonKey(): string {
  const key = process.env.E2E_ANON_KEY;
  if (!key) throw new Error('E2E_ANON_KEY is not set: run the suite with `npm run test:e2e`.');
  return key;
}

/** A guest: what the browser has before signing in. */
export function anonClient(): ApiClient {
  return nodeClient(stackUrl(), anonKey());
}

/** The service role: Auth's admin API (accounts of any role) and no row-level security. */
export function serviceClient(): ApiClient {
  return nodeClient(stackUrl(), loadConfig(process.env).serviceRoleKey);
}

/** A client holding the account's session, to act through the same API the app uses. */
export async function signedInClient(account: Credentials): Promise<ApiClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw new Error(`signing in ${account.email}: ${error.message}`);
  return client;
}

/** The access token of a signed-in client, for calls outside supabase-js (edge functions by fetch). */
export async function accessToken(client: ApiClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('the client is not signed in');
  return data.session.access_token;
}

/** Calls an `api` function and returns its data, throwing with the function's name on an error. */
export async function rpc<T>(client: ApiClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}
