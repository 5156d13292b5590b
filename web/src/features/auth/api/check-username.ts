import { loadSupabase } from '@/lib/supabase-loader';

/** api.username_available(username): true when no account uses it yet (case-insensitive on the server). */
export async function isUsernameAvailable(username: string): Promise<boolean> {
  const { rpc } = await loadSupabase();
  return rpc<boolean>('username_available', { username });
}
