import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** An error answered by the `payments` edge function: its message, code and HTTP status. */
export class PaymentsFunctionError extends Error {
  override name = 'PaymentsFunctionError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Calls the `payments` edge function with the signed-in user's JWT (supabase-js adds it) and returns
 * its JSON, or throws a PaymentsFunctionError with the function's own message.
 */
export async function invokePayments<T>(path: string, init: { method: 'GET' | 'POST'; body?: Record<string, unknown> }): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(`payments/${path}`, { method: init.method, body: init.body });
  if (!error) return data as T;
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response;
    let body: { error?: string; code?: string } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      // not JSON (a gateway error): fall back to the status text
    }
    throw new PaymentsFunctionError(body.error || res.statusText || 'Request failed', res.status, body.code);
  }
  throw new PaymentsFunctionError(error.message || 'Network error', undefined, undefined);
}
