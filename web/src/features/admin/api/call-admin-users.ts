import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** An error answered by the admin-users function: its message is the server's reason. */
export class AdminUsersError extends Error {
  override name = 'AdminUsersError';
  constructor(message: string, readonly status: number, readonly field?: string) {
    super(message);
  }
}

/**
 * Calls the admin-users edge function (it checks the caller is an admin, then uses Supabase Auth's admin
 * API). Non-2xx answers become an AdminUsersError carrying the JSON {error, field} the function sends.
 */
export async function callAdminUsers<T>(path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(`admin-users/${path}`, { method, ...(body !== undefined ? { body: body as Record<string, unknown> } : {}) });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const res = error.context as Response;
      const payload = (await res.json().catch(() => null)) as { error?: string; field?: string } | null;
      throw new AdminUsersError(payload?.error ?? res.statusText, res.status, payload?.field);
    }
    throw error;
  }
  return data as T;
}
