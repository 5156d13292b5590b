import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authStorageKey } from './auth-storage-key';

/** supabase-js's own default key for a URL (the client keeps it on its auth instance). */
function supabaseDefaultKey(url: string): string {
  const client = createClient(url, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; the Realtime client needs one to be constructed (it never connects here).
    realtime: { transport: WebSocket as never },
  });
  return (client.auth as unknown as { storageKey: string }).storageKey;
}

describe('authStorageKey', () => {
  it("is supabase-js's default key, so a signed-in visitor is recognised without loading supabase-js", () => {
    for (const url of ['http://127.0.0.1:54321', 'http://localhost:5173', 'https://abcdefgh.supabase.co', 'https://api.example.com/']) {
      expect(authStorageKey(url), url).toBe(supabaseDefaultKey(url));
    }
  });

  it('names the first label of the host', () => {
    expect(authStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
  });
});
