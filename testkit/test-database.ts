import path from 'node:path';
import { prepareDatabase } from '../local/bootstrap/migrate.ts';
import { repoRoot } from '../local/config.ts';
import type { Database } from '../local/db/database.ts';
import { openPglite } from '../local/db/pglite.ts';
import { openPostgres } from '../local/db/postgres.ts';
import { createScratchDatabase } from '../local/db/server-databases.ts';
import { trackLedger, untrackLedger } from './db/ledger-invariant.ts';

export interface TestDatabase {
  db: Database;
  /** Connection string of the scratch database when running against a server. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: a scratch database on the server named by DATABASE_URL
 * (dropped afterwards), or an in-memory PGlite. Migrations are applied; the seed only when asked.
 */
export async function openTestDatabase(opts: { seed?: boolean; migrate?: boolean; serverUrl?: string } = {}): Promise<TestDatabase> {
  // serverUrl: a server of the test's own (a private cluster it restarts) instead of DATABASE_URL's.
  const base = opts.serverUrl ?? process.env.DATABASE_URL;
  let db: Database;
  let url: string | undefined;
  let dropScratch = async () => undefined as void;
  if (base) {
    const scratch = await createScratchDatabase(base, 'test');
    url = scratch.url;
    db = await openPostgres(url, { max: 10 });
    dropScratch = scratch.drop;
  } else {
    db = await openPglite(undefined);
  }
  if (opts.migrate !== false) {
    await prepareDatabase(db, { supabaseDir: path.join(repoRoot, 'supabase'), seed: opts.seed ?? false });
  }
  trackLedger(db);
  return {
    db,
    url,
    async drop() {
      untrackLedger(db);
      await db.close().catch(() => undefined);
      await dropScratch();
    },
  };
}
