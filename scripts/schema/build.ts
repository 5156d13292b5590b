/**
 * Builds the two databases the schema drift check and `npm run db:diff` compare, on one throwaway cluster
 * built like hosted (scripts/hosted-cluster.ts): `from_migrations` (every file of supabase/migrations, in
 * order, each in its own transaction) and `from_schemas` (the files of supabase/schemas in the order
 * config.toml's [db.migrations] schema_paths lists them). Both start from the same baseline (Supabase's
 * roles, auth and realtime schemas) and run as `postgres`, the non-superuser a hosted project hands out.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { parse } from 'smol-toml';
import { bootstrapAs } from '../../local/bootstrap/migrate.ts';
import { repoRoot } from '../../local/config.ts';
import { openPostgres } from '../../local/db/postgres.ts';
import { databaseUrl } from '../../local/db/server-databases.ts';
import { type HostedLikeCluster, postgresBinDir, startHostedLikeCluster } from '../hosted-cluster.ts';

export const supabaseDir = path.join(repoRoot, 'supabase');

/** supabase/schemas' files in the order they are applied: config.toml's [db.migrations] schema_paths. */
export async function schemaFiles(): Promise<string[]> {
  const config = parse(await readFile(path.join(supabaseDir, 'config.toml'), 'utf8')) as {
    db?: { migrations?: { schema_paths?: string[] } };
  };
  const paths = config.db?.migrations?.schema_paths;
  if (!paths?.length) throw new Error('supabase/config.toml has no [db.migrations] schema_paths');
  const files = paths.map((p) => path.join(supabaseDir, p));
  // A file left out of the list would be left out of every build, and its objects out of the check.
  const dir = path.join(supabaseDir, 'schemas');
  const present = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.sql')).map((f) => path.join(dir, f));
  const unlisted = present.filter((f) => !files.includes(f));
  if (unlisted.length) {
    throw new Error(`not in config.toml's [db.migrations] schema_paths: ${unlisted.map((f) => path.relative(repoRoot, f)).join(', ')}`);
  }
  return files;
}

export async function migrationFiles(): Promise<string[]> {
  const dir = path.join(supabaseDir, 'migrations');
  return (await readdir(dir))
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

export interface BuiltDatabases {
  cluster: HostedLikeCluster;
  /** Connection strings as postgres. */
  migrations: string;
  schemas: string;
  stop(): Promise<void>;
}

/** Starts the cluster and builds both databases side by side; errors name the file that failed. */
export async function buildBoth(opts: { schemas?: boolean } = {}): Promise<BuiltDatabases> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('no Postgres server binaries (initdb, pg_ctl) found: install postgresql');
  const cluster = await startHostedLikeCluster(binDir);
  try {
    const migrations = await createBootstrapped(cluster, 'from_migrations');
    const schemas = opts.schemas === false ? '' : await createBootstrapped(cluster, 'from_schemas');
    // Both to the end before the cluster may stop: a failure on one side is reported once the other is done.
    const [fromMigrations, fromSchemas] = [await migrationFiles(), opts.schemas === false ? [] : await schemaFiles()];
    const results = await Promise.allSettled([
      applyFiles(migrations, fromMigrations, { checkBodies: true }),
      // As pg_dump and Supabase's declarative tooling apply a schema: function bodies are checked when
      // called, not when created, so a file may define a function before the tables its body reads.
      opts.schemas === false ? undefined : applyFiles(schemas, fromSchemas, { checkBodies: false }),
    ]);
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    if (failures.length) throw new Error(failures.join('\n'));
    return { cluster, migrations, schemas, stop: () => cluster.stop() };
  } catch (e) {
    await cluster.stop();
    throw e;
  }
}

async function createBootstrapped(cluster: HostedLikeCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(databaseUrl(cluster.adminUrl, name), { max: 1 });
  try {
    await db.withConnection((conn) => bootstrapAs(conn, 'supabase_admin'));
  } finally {
    await db.close();
  }
  return databaseUrl(cluster.postgresUrl, name);
}

/** Runs each file in its own transaction as postgres; the error names the file and the line. */
export async function applyFiles(url: string, files: string[], opts: { checkBodies: boolean }): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!opts.checkBodies) await client.query('set check_function_bodies = off');
    for (const file of files) {
      const sql = await readFile(file, 'utf8');
      try {
        await client.query(`begin;\n${sql}\n;commit;`);
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        const err = e as Error & { position?: string };
        const line = err.position ? sql.slice(0, Number(err.position) - 7).split('\n').length : undefined;
        throw new Error(`${path.relative(repoRoot, file)}${line ? `:${line}` : ''} failed: ${err.message}`);
      }
    }
  } finally {
    await client.end();
  }
}
