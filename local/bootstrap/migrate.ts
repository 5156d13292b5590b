import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ident, literal } from '../db/database.ts';
import { adoptHostedSuperuser } from './hosted-superuser.ts';

// From the repository root, not import.meta.url: `npm start` runs local/ as a bundle elsewhere.
const bootstrapDir = path.join(repoRoot, 'local/bootstrap');

/**
 * What exists before the project's migrations, each part run as the role that creates it on hosted:
 * Supabase's Postgres image (its superuser), GoTrue's migrations (supabase_auth_admin), Realtime's,
 * Storage's (supabase_storage_admin, our own consolidated definition: decision 0042).
 */
const bootstrap: { file: string; as: 'superuser' | 'supabase_auth_admin' | 'supabase_storage_admin' }[] = [
  { file: 'supabase-baseline.sql', as: 'superuser' },
  { file: 'auth-schema.sql', as: 'supabase_auth_admin' },
  { file: 'realtime-schema.sql', as: 'superuser' },
  { file: 'storage-schema.sql', as: 'superuser' },
  { file: 'storage-schema-objects.sql', as: 'supabase_storage_admin' },
];

export interface PrepareResult {
  /** True when this run created the migrations table, i.e. the database was new (and got the seed). */
  fresh: boolean;
  applied: string[];
  /** The role migrations and the seed ran as: postgres without superuser, as `supabase db push` runs them. */
  migrator: string;
}

/**
 * Brings a database to the state `supabase db reset` gives: the Supabase baseline, then every
 * migration not yet recorded in supabase_migrations.schema_migrations (as the CLI records them), then,
 * on a new database only, seed.sql. Migrations and the seed run as `postgres`, which is not a superuser
 * on hosted, so a privilege a deploy would lack is lacking here too (on a server whose own superuser is
 * called postgres that cannot be: they run as it; see decision 0015).
 */
export async function prepareDatabase(
  db: Database,
  opts: { supabaseDir: string; seed?: boolean; log?: (line: string) => void },
): Promise<PrepareResult> {
  const log = opts.log ?? (() => undefined);
  // One connection throughout: session authorization is a property of the session.
  return db.withConnection(async (conn) => {
    const superuser = await adoptHostedSuperuser(conn, db.kind, log);
    try {
      await bootstrapAs(conn, superuser);
      const migrator = await migratorRole(conn, superuser);
      await conn.exec(`set session authorization ${ident(migrator)}`);
      return { ...(await applyMigrations(conn, opts, log)), migrator };
    } finally {
      await conn.exec(`set session authorization ${ident(superuser)}`);
    }
  });
}

/**
 * Only what hosted has before any migration (`supabase db push` does the rest), run in a session of the
 * given superuser; the session is left as that superuser.
 */
export async function bootstrapAs(conn: Queryable, superuser: string): Promise<void> {
  try {
    for (const step of bootstrap) {
      const sql = await readFile(path.join(bootstrapDir, step.file), 'utf8');
      await runAs(conn, step.as === 'superuser' ? superuser : step.as, sql);
    }
  } finally {
    await conn.exec(`set session authorization ${ident(superuser)}`);
  }
}

async function runAs(conn: Queryable, role: string, sql: string): Promise<void> {
  await conn.exec(`set session authorization ${ident(role)}`);
  await conn.exec(sql);
}

/** postgres when it is not a superuser (hosted, and every database the stack makes on PGlite). */
async function migratorRole(conn: Queryable, superuser: string): Promise<string> {
  const r = await conn.query<{ rolsuper: boolean }>(`select rolsuper from pg_catalog.pg_roles where rolname = 'postgres'`);
  return r.rows[0]?.rolsuper === false ? 'postgres' : superuser;
}

async function inTransaction(conn: Queryable, fn: () => Promise<void>): Promise<void> {
  await conn.exec('begin');
  try {
    await fn();
    await conn.exec('commit');
  } catch (e) {
    await conn.exec('rollback');
    throw e;
  }
}

async function applyMigrations(
  conn: Queryable,
  opts: { supabaseDir: string; seed?: boolean },
  log: (line: string) => void,
): Promise<Omit<PrepareResult, 'migrator'>> {
  const existed = await conn.query<{ ok: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as ok`,
  );
  const fresh = !existed.rows[0]?.ok;
  // As the CLI makes it, as the role it connects with.
  await conn.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    )`);

  const done = new Set(
    (await conn.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
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
      await inTransaction(conn, async () => {
        await conn.exec(sql);
        await conn.exec(
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
    const seed = await readFile(path.join(opts.supabaseDir, 'seed.sql'), 'utf8').catch(() => undefined);
    if (seed) {
      await inTransaction(conn, () => conn.exec(seed).then(() => undefined));
      log('loaded seed.sql');
    }
  }
  return { fresh, applied };
}
