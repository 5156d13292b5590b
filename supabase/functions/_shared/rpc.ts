import type { Database } from './contract/database.types.ts';
import { rpcError, type RpcFailure } from './rpc-error.ts';
import { serviceUnavailable } from './service-unavailable.ts';
import type { ApiClient } from './user-client.ts';

type Functions = Database['api']['Functions'];
export type ApiFunctionName = keyof Functions;

/**
 * Calls an `api` function and returns its data, or throws: a refusal the function raised on purpose as an
 * HttpError with PostgREST's status (which follows the SQLSTATE convention of docs/decisions/0003: 400,
 * 403, 404, 409), its message and code; any other database error with a generic message (rpc-error.ts).
 */
export async function callRpc<T>(client: ApiClient, fn: ApiFunctionName, args: Record<string, unknown> = {}): Promise<T> {
  // The generated overloads cannot type a name chosen at run time; the result type is the caller's.
  const { data, error, status } = await (client.rpc as (f: string, a: object) => PromiseLike<{
    data: unknown;
    error: RpcFailure | null;
    status: number;
  }>)(fn, args);
  if (error) {
    // The database is unavailable (PostgREST's PGRST000-002): a 503 to retry, not the function's error.
    if (status === 503) throw serviceUnavailable();
    throw rpcError(fn, error, status);
  }
  return data as T;
}
