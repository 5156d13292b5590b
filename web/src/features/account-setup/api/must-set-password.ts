import type { User } from '@/lib/supabase';

/**
 * True for an account created by an admin with a temporary password that has not been replaced yet
 * (app_metadata is written only with the service role; a database trigger removes the flag when the
 * password changes).
 */
export function mustSetPassword(user: User | null | undefined): boolean {
  return user?.app_metadata?.password_change_required === true;
}
