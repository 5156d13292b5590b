import type { IncomingMessage } from 'node:http';
import type { StackConfig } from './config.ts';
import { HttpError } from './http/http-error.ts';

/**
 * The API gateway's key check (Kong's key-auth in Supabase's stack): /auth/v1 and /rest/v1 need an
 * `apikey` header or query parameter equal to the anon or service_role key.
 */
export function checkApiKey(req: IncomingMessage, url: URL, config: StackConfig): void {
  const header = req.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
  if (!key) throw new HttpError(401, { message: 'No API key found in request' });
  if (key !== config.anonKey && key !== config.serviceRoleKey) {
    throw new HttpError(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
}
