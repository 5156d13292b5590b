import { invokeFunction } from '@/lib/invoke-function';

/**
 * POSTs to the `payouts` edge function and returns its JSON; a failure is a FunctionError with the
 * function's code (payout_account_missing, payout_below_minimum, ...).
 */
export function invokePayouts<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  return invokeFunction<T>(`payouts/${path}`, { method: 'POST', body });
}
