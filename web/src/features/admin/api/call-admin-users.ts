import { invokeFunction } from '@/lib/invoke-function';

/**
 * Calls the admin-users edge function (it checks the caller is an admin, then uses Supabase Auth's admin
 * API). A failure is a FunctionError whose message is the server's reason.
 */
export function callAdminUsers<T>(path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: Record<string, unknown>): Promise<T> {
  return invokeFunction<T>(`admin-users/${path}`, { method, ...(body !== undefined ? { body } : {}) });
}
