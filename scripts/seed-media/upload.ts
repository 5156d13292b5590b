// `SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=... npx tsx scripts/seed-media/upload.ts`
// Puts the seed's pictures (supabase/seed-media/, decision 0048) into a hosted project's Storage, for a
// project whose database got supabase/seed.sql. The local stack does this itself at start. Re-running it
// replaces the same objects (upsert), so it is safe to repeat.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type RealtimeClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { SEED_MEDIA_DIR, seedPictures } from './pictures.ts';

const url = process.env.SUPABASE_URL;
const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!url || !key) {
  console.error('error: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (Project Settings > API) to upload the seed pictures.');
  process.exit(2);
}
// The service role passes Storage's policies. Node 20 has no global WebSocket: realtime-js gets `ws`.
const client = createClient(url, key, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: ws as unknown as NonNullable<RealtimeClientOptions['transport']> },
});
let failed = 0;
for (const p of seedPictures()) {
  const bytes = await readFile(path.join(SEED_MEDIA_DIR, p.bucket, p.key));
  const { error } = await client.storage.from(p.bucket).upload(p.key, bytes, { contentType: p.type, upsert: true, cacheControl: '3600' });
  if (error) {
    failed++;
    console.error(`${p.bucket}/${p.key}: ${error.message}`);
  } else {
    console.log(`${p.bucket}/${p.key}`);
  }
}
if (failed) {
  console.error(`${failed} pictures were not uploaded`);
  process.exit(1);
}
