import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** DATABASE_URL wins; otherwise PGlite under dataDir (undefined dataDir = in memory, for tests). */
export function openDatabase(opts: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, { max: opts.poolSize }) : openPglite(opts.dataDir);
}
