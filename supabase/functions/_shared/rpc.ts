import type { Database } from './contract/database.types.ts';
import { HttpError } from './http-error.ts';
import { serviceUnavailable } from './service-unavailable.ts';
import type { ApiClient } from './user-client.ts';

type Functions = Database['api']['Functions'];
export type ApiFunctionName = keyof Functions;

/**
 * Calls an `api` function and returns its data, or throws an HttpError with PostgREST's status (which
 * follows the SQLSTATE convention of docs/decisions/0003: 400, 403, 404, 409) and the function's message.
 */
export async function callRpc<T>(client: ApiClient, fn: ApiFunctionName, args: Record<string, unknown> = {}): Promise<T> {
  // The generated overloads cannot type a name chosen at run time; the result type is the caller's.
  const { data, error, status } = await (client.rpc as (f: string, a: object) => PromiseLike<{
    data: unknown;
    error: { message: string; details?: string | null; code?: string } | null;
    status: number;
  }>)(fn, args);
  if (error) {
    // The database is unavailable (PostgREST's PGRST000-002): a 503 to retry, not the function's error.
    if (status === 503) throw serviceUnavailable();
    const httpStatus = status >= 400 ? status : 500;
    throw new HttpError(httpStatus, error.message || 'Request failed', error.details ?? error.code ?? undefined);
  }
  return data as T;
}
