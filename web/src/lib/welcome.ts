/**
 * "Welcome" or "Welcome back". The database counts sign-ins (app.profiles.sign_in_count, raised by a
 * trigger each time Auth writes auth.users.last_sign_in_at: supabase/schemas/profiles.sql),
 * because last_sign_in_at alone holds only the sign-in of the current session. The count includes the
 * current session, so more than one means the user has been here before.
 */
export type Welcome = 'first' | 'back';

export function welcomeFor(signIns: number | null | undefined): Welcome {
  return (signIns ?? 0) > 1 ? 'back' : 'first';
}
