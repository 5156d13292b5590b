import { invokeFunction, type InvokeInit } from '@/lib/invoke-function';

/**
 * Calls the `payments` edge function and returns its JSON; a failure is a FunctionError with the
 * function's own message.
 */
export function invokePayments<T>(path: string, init: InvokeInit & { method: 'GET' | 'POST' }): Promise<T> {
  return invokeFunction<T>(`payments/${path}`, init);
}
