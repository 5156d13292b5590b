import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import { writeRow } from '../storage/objects.ts';

const TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.mp4': 'video/mp4', '.webm': 'video/webm' };

/**
 * The seed's pictures into this stack's Storage (decision 0048): every object the database names (a
 * seeded root-relative avatar or logo address, a portfolio item) that Storage lacks and
 * `supabase/seed-media/<bucket>/<key>` holds is written as an upload would write it. Run at every start,
 * so a `db:reset` (which empties Storage) gets them back; an object a user removed is not named any more
 * and stays removed. A hosted project gets them from scripts/seed-media/upload.ts instead.
 */
export async function loadSeedMedia(db: Queryable, files: FileStore, supabaseDir: string, log: (line: string) => void = () => undefined): Promise<number> {
  const dir = path.join(supabaseDir, 'seed-media');
  if (!existsSync(dir)) return 0;
  // A project without the marketplace's tables (the functions runtime's own test project) names nothing.
  const present = await db.query<{ ok: boolean }>(`select to_regclass('app.portfolio_items') is not null and to_regclass('app.brand_profiles') is not null as ok`);
  if (!present.rows[0]?.ok) return 0;
  const missing = await db.query<{ bucket: string; key: string }>(
    `with named(bucket, key) as (
       select 'avatars', substring(p.avatar_url from '^/storage/v1/object/public/avatars/(.+)$') from app.profiles p
       union select 'logos', substring(b.logo_url from '^/storage/v1/object/public/logos/(.+)$') from app.brand_profiles b
       union select 'portfolio', i.path from app.portfolio_items i
       union select 'portfolio', i.thumbnail_path from app.portfolio_items i
     )
     select n.bucket, n.key from named n
     where n.key is not null
       and not exists (select 1 from storage.objects o where o.bucket_id = n.bucket and o.name = n.key)
     order by 1, 2`,
  );
  let loaded = 0;
  for (const { bucket, key } of missing.rows) {
    const file = path.join(dir, bucket, ...key.split('/'));
    // Only keys that stay inside the directory, and only files the seed ships.
    if (!file.startsWith(dir + path.sep) || !existsSync(file)) continue;
    const size = (await stat(file)).size;
    const written = await files.write(createReadStream(file), size);
    if ('tooLarge' in written) continue;
    const mimetype = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const owner = key.split('/')[0];
    const metadata = { eTag: `"${written.md5}"`, size: written.size, mimetype, cacheControl: 'max-age=3600', lastModified: new Date().toUTCString(), contentLength: written.size, httpStatusCode: 200 };
    await writeRow(db, { bucket, key, owner: /^[0-9a-f-]{36}$/.test(owner ?? '') ? owner : undefined, version: written.version, metadata, userMetadata: {}, upsert: false });
    loaded++;
  }
  if (loaded) log(`seed media: ${loaded} pictures put into Storage`);
  return loaded;
}
