import type { IncomingMessage } from 'node:http';
import type { StackConfig } from './config.ts';
import { HttpError } from './http/http-error.ts';

/**
 * The API gateway's key check (Kong's key-auth in Supabase's stack): /auth/v1 and /rest/v1 need an
 * `apikey` header or query parameter equal to the anon or service_role key.
 */
/**
 * Kong's open auth routes in Supabase's gateway (auth-v1-open*): browsers reach them from an email link or
 * an OAuth provider's redirect, which carry no key.
 */
const OPEN_PATHS = new Set(['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize']);

export function checkApiKey(req: IncomingMessage, url: URL, config: StackConfig): void {
  if (OPEN_PATHS.has(url.pathname)) return;
  const header = req.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
  if (!key) throw new HttpError(401, { message: 'No API key found in request' });
  if (key !== config.anonKey && key !== config.serviceRoleKey) {
    throw new HttpError(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
}
