import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import type { Database } from '../db/database.ts';
import { literal } from '../db/database.ts';

// From the repository root, not import.meta.url: `npm start` runs local/ as a bundle elsewhere.
const baselineFile = path.join(repoRoot, 'local/bootstrap/supabase-baseline.sql');

export interface PrepareResult {
  /** True when this run created the migrations table, i.e. the database was new (and got the seed). */
  fresh: boolean;
  applied: string[];
}

/**
 * Brings a database to the state `supabase db reset` gives: the Supabase baseline, then every
 * migration not yet recorded in supabase_migrations.schema_migrations (as the CLI records them), then,
 * on a new database only, seed.sql.
 */
export async function prepareDatabase(
  db: Database,
  opts: { supabaseDir: string; seed?: boolean; log?: (line: string) => void },
): Promise<PrepareResult> {
  const log = opts.log ?? (() => undefined);
  await db.exec(await readFile(baselineFile, 'utf8'));

  const existed = await db.query<{ ok: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as ok`,
  );
  const fresh = !existed.rows[0]?.ok;
  await db.exec(`create table if not exists supabase_migrations.schema_migrations (
    version text not null primary key,
    statements text[],
    name text
  )`);

  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const dir = path.join(opts.supabaseDir, 'migrations');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const match = /^(\d+)_(.*)\.sql$/.exec(file)!;
    const version = match[1]!;
    const name = match[2]!;
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.exec(
          `insert into supabase_migrations.schema_migrations (version, statements, name) values (${literal(version)}, array[${literal(sql)}], ${literal(name)})`,
        );
      });
    } catch (e) {
      throw Object.assign(new Error(`migration ${file} failed: ${(e as Error).message}`), { cause: e });
    }
    applied.push(file);
    log(`applied migration ${file}`);
  }

  if (fresh && opts.seed !== false) {
    const seedFile = path.join(opts.supabaseDir, 'seed.sql');
    const seed = await readFile(seedFile, 'utf8').catch(() => undefined);
    if (seed) {
      await db.transaction((tx) => tx.exec(seed));
      log('loaded seed.sql');
    }
  }
  return { fresh, applied };
}
