import type { Database } from './database.ts';
import type { DataDirLock } from './data-dir-lock.ts';

/**
 * DATABASE_URL wins; otherwise PGlite under dataDir (undefined dataDir = in memory, for tests). Each driver
 * is imported only when chosen: PGlite's module alone holds tens of MB the server path never needs.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** The data directory's lock when the caller took it already (see openPglite). */
  dataDirLock?: DataDirLock;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, { max: opts.poolSize });
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir, { lock: opts.dataDirLock });
}
