import { rpc } from '@/lib/supabase';

/** api.username_available(username): true when no account uses it yet (case-insensitive on the server). */
export function isUsernameAvailable(username: string): Promise<boolean> {
  return rpc<boolean>('username_available', { username });
}
