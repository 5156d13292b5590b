import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/**
 * A supabase-js client on the `api` schema as the web app makes it, usable from Node 20 (which has no
 * global WebSocket, so realtime-js gets the `ws` transport).
 */
export function nodeClient(url: string, key: string, opts: { token?: string } = {}): SupabaseClient<any, 'api', 'api'> {
  return createClient(url, key, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as NonNullable<RealtimeClientOptions['transport']> },
    global: opts.token ? { headers: { Authorization: `Bearer ${opts.token}` } } : {},
  });
}
