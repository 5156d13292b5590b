/**
 * The schema drift check (a step of `npm test`, decision 0039): supabase/schemas must describe what
 * supabase/migrations build. Builds both on a throwaway cluster built like hosted (scripts/schema/build.ts)
 * and compares their catalogs object by object (scripts/schema/catalog.ts: tables with columns, types,
 * defaults, nullability, constraints, row level security, grants down to columns, comments; indexes;
 * functions with signature, return type, volatility, security definer, settings, body, grants, comment;
 * views; composite types; policies; triggers; schemas; default privileges; publication membership;
 * extensions). Prints each object that differs, with a line diff and the schema file it belongs in.
 *
 * Needs Postgres's server binaries (initdb, pg_ctl), not a running server. Without them it says so and
 * passes, unless DATABASE_URL is set (CI), where it fails: CI must run it (as the deploy check does).
 */
import pg from 'pg';
import { postgresBinDir } from '../hosted-cluster.ts';
import { buildBoth, migrationFiles } from './build.ts';
import { type CatalogObject, readCatalog } from './catalog.ts';
import { place, shownFile } from './export.ts';

export interface Drift {
  onlyInMigrations: CatalogObject[];
  onlyInSchemas: CatalogObject[];
  differing: Array<{ migrations: CatalogObject; schemas: CatalogObject }>;
}

export function compareCatalogs(migrations: CatalogObject[], schemas: CatalogObject[]): Drift {
  const m = new Map(migrations.map((o) => [o.key, o]));
  const s = new Map(schemas.map((o) => [o.key, o]));
  return {
    onlyInMigrations: migrations.filter((o) => !s.has(o.key)),
    onlyInSchemas: schemas.filter((o) => !m.has(o.key)),
    differing: migrations.filter((o) => s.has(o.key) && s.get(o.key)!.sql !== o.sql).map((o) => ({ migrations: o, schemas: s.get(o.key)! })),
  };
}

/** A minimal line diff (longest common subsequence): `-` as the migrations have it, `+` as the schema files do. */
export function lineDiff(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const lcs: number[][] = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      i++;
      j++;
    } else if (i < x.length && (j === y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) out.push(`    - ${x[i++]}`);
    else out.push(`    + ${y[j++]}`);
  }
  return out.join('\n');
}

export function describeDrift(drift: Drift, migrations: CatalogObject[]): string {
  const fileOf = new Map(place(migrations).map((o) => [o.key, o.file]));
  const where = (o: CatalogObject) => shownFile(fileOf.get(o.key) ?? '(its domain’s file: scripts/schema/domains.ts)');
  const out: string[] = [];
  for (const o of drift.onlyInMigrations) out.push(`  missing from supabase/schemas: ${o.key} (belongs in ${where(o)})\n${indent(o.sql)}`);
  for (const o of drift.onlyInSchemas) out.push(`  not made by any migration: ${o.key}\n${indent(o.sql)}`);
  for (const d of drift.differing) out.push(`  differs: ${d.migrations.key} (${where(d.migrations)}); - migrations, + schemas:\n${lineDiff(d.migrations.sql, d.schemas.sql)}`);
  return out.join('\n\n');
}

function indent(sql: string): string {
  return sql
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

async function snapshot(url: string): Promise<CatalogObject[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readCatalog(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  if (!postgresBinDir()) {
    const message = 'schema drift check: no Postgres server binaries (initdb, pg_ctl) found';
    if (process.env.DATABASE_URL) throw new Error(`${message}; CI needs them (apt-get install postgresql)`);
    console.log(`${message}: skipped (install postgresql to run it; CI does)`);
    return;
  }
  const started = Date.now();
  const built = await buildBoth();
  try {
    const [migrations, schemas] = await Promise.all([snapshot(built.migrations), snapshot(built.schemas)]);
    const drift = compareCatalogs(migrations, schemas);
    const count = drift.onlyInMigrations.length + drift.onlyInSchemas.length + drift.differing.length;
    if (count) {
      throw new Error(
        `supabase/schemas and supabase/migrations build different catalogs (${count} objects):\n\n${describeDrift(drift, migrations)}\n\n` +
          'A schema change goes in supabase/schemas, and `npm run db:diff -- <name>` writes its migration; a migration merged from ' +
          'elsewhere is brought into supabase/schemas with `npm run db:schema -- <object>` (prints its current definition). See decision 0039.',
      );
    }
    console.log(
      `schema drift check: supabase/schemas and the ${(await migrationFiles()).length} migrations build the same ${migrations.length} objects (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await built.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? `error: ${e.message}` : e);
    process.exit(1);
  });
}
