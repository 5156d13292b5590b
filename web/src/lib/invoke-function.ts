import { FunctionError, functionErrorOf } from './function-error';
import { loadSupabase } from './supabase-loader';

export interface InvokeInit {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown>;
}

/**
 * Calls an edge function with the signed-in user's JWT (supabase-js adds it) and returns its JSON.
 * Any failure throws a FunctionError: a non-2xx answer with the function's code, message and field, and
 * no answer at all (network, relay) with status 0. supabase-js comes through the loader, so importing
 * this module never puts it in the entry chunk.
 */
export async function invokeFunction<T>(path: string, init: InvokeInit): Promise<T> {
  const { supabase, FunctionsHttpError } = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<T>(path, { method: init.method, ...(init.body !== undefined ? { body: init.body } : {}) });
  if (!error) return data as T;
  if (error instanceof FunctionsHttpError) throw await functionErrorOf(error.context as Response);
  throw new FunctionError(0, 'network_error', (error as Error).message || 'Network error');
}
