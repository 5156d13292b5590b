/**
 * `npm run db:diff [-- <name> [--version <YYYYMMDDHHMMSS>]]`: the migration that takes a database built
 * from supabase/migrations to what supabase/schemas declares (decision 0039). Builds both on a throwaway
 * cluster built like hosted (scripts/schema/build.ts) and asks the Supabase CLI for the difference:
 * `supabase db diff --from <url> --to <url>`, which compares two databases with its bundled pg-delta and
 * needs no Docker. Without a name it prints the SQL; with one it writes
 * supabase/migrations/<version>_<name>.sql (version: now, UTC, unless given) and runs the drift check's
 * comparison with the new migration applied, so what the CLI could not carry shows up at once.
 *
 * What a diff cannot carry is written by hand in the migration (decision 0039): moving or back-filling
 * data, renames (a diff sees a drop and an add), and the order of `create or replace` when a function's
 * signature changes (drop the old one first).
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot } from '../../local/config.ts';
import { applyFiles, buildBoth, supabaseDir } from './build.ts';
import { lowerOutsideQuotes, readCatalog } from './catalog.ts';
import { compareCatalogs, describeDrift } from './drift.ts';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'node_modules', '.bin', 'supabase');
const cliEnv = { ...process.env, PGSSLMODE: 'disable', SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
/** The project's schemas, and those it puts triggers and policies in (auth.users, realtime.messages, storage.objects). */
const diffSchemas = 'app,api,auth,realtime,storage';

function versionNow(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const v = args.indexOf('--version');
  const version = v >= 0 ? args[v + 1] : versionNow();
  const name = args.find((a, i) => !a.startsWith('--') && i !== v + 1);
  if (!version || !/^\d{14}$/.test(version)) throw new Error('--version takes YYYYMMDDHHMMSS');
  if (name && !/^[a-z0-9_]+$/.test(name)) throw new Error('the migration name is lower case words joined by _');

  const built = await buildBoth();
  try {
    let sql: string;
    try {
      const { stdout } = await run(cli, ['db', 'diff', '--from', built.migrations, '--to', built.schemas, '--schema', diffSchemas], {
        cwd: repoRoot,
        env: cliEnv,
        maxBuffer: 64 * 1024 * 1024,
      });
      // The CLI writes keywords in upper case; the project writes SQL in lower case (bodies and literals kept).
      sql = lowerOutsideQuotes(stdout.trim());
    } catch (e) {
      const err = e as Error & { stderr?: string };
      throw new Error(`supabase db diff failed:\n${err.stderr || err.message}`);
    }
    if (!sql) {
      console.log('supabase/schemas and supabase/migrations build the same schema: no migration to write');
      return;
    }
    if (!name) {
      console.log(sql);
      return;
    }
    const file = path.join(supabaseDir, 'migrations', `${version}_${name}.sql`);
    const header =
      `-- ${name.replace(/_/g, ' ')}: written by \`npm run db:diff\` from supabase/schemas (decision 0039).\n` +
      '-- Read it before committing: data moves and renames are written by hand (see the decision).\n\n';
    await writeFile(file, `${header}${sql}\n`);
    console.log(`wrote ${path.relative(repoRoot, file)}`);

    // The migration applied on top of the others must give what the schema files declare.
    await applyFiles(built.migrations, [file], { checkBodies: true });
    const read = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await readCatalog(client);
      } finally {
        await client.end();
      }
    };
    const [migrations, schemas] = await Promise.all([read(built.migrations), read(built.schemas)]);
    const drift = compareCatalogs(migrations, schemas);
    if (drift.onlyInMigrations.length + drift.onlyInSchemas.length + drift.differing.length) {
      console.log(`\nThe generated migration does not carry everything; add by hand:\n\n${describeDrift(drift, migrations)}`);
      process.exitCode = 1;
    } else {
      console.log('with it applied, the migrations build what supabase/schemas declares');
    }
  } finally {
    await built.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `error: ${e.message}` : e);
  process.exit(1);
});
