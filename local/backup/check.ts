import type { Database, Queryable } from '../db/database.ts';
import { ident, isPgError } from '../db/database.ts';

/** One relation that could not be read whole, or that amcheck found inconsistent. */
export interface Damage {
  relation: string;
  kind: 'table' | 'index' | 'materialized view' | 'sequence';
  /** Postgres's own words (they name the relation's file, which helps whoever repairs it). */
  error: string;
}

export interface CheckReport {
  ok: boolean;
  damaged: Damage[];
  /** Relations read. */
  checked: number;
  /** Whether amcheck's deeper checks ran (a Postgres server without the extension, or a role without the right to create it, lacks them). */
  amcheck: boolean;
}

interface Relation {
  oid: number;
  name: string;
  relkind: 'r' | 'm' | 'i' | 'S';
  am: string | null;
  /** For a table: its primary key's index and columns, read through the index to find entries pointing nowhere. */
  pkey: string | null;
  pkeyColumns: string | null;
  /** For an index: its table's oid (an index is not checked when its table is damaged: the check reads the table). */
  tableOid: number | null;
  /** For an index: whether it is usable (a failed concurrent build leaves one that is not, and is not damage). */
  valid: boolean;
}

const KIND = { r: 'table', m: 'materialized view', i: 'index', S: 'sequence' } as const;

/**
 * Reads every relation of the database whole, so damage (a truncated or overwritten file) is found now
 * rather than by the request that happens to touch it:
 * - every row of every table and materialized view, each turned into text, which reads every page and
 *   every TOASTed value;
 * - each table once more through its primary key with every other plan switched off, which follows every
 *   index entry to its row (a table cut short leaves entries pointing past its end), and compares counts;
 * - every sequence;
 * - with amcheck (PGlite ships it; on a server `create extension amcheck` needs the right to create it):
 *   verify_heapam on tables, bt_index_check (with heapallindexed) on B-tree indexes, gin_index_check on GIN.
 *
 * Runs in transactions that are rolled back: amcheck is created only for the check and leaves no trace.
 * On PGlite each holds the database's only session, so the relations are checked a slice at a time
 * (about sliceMs each), letting the stack's requests through in between rather than stalling them for
 * the whole check (seconds on the project's ~600 relations).
 */
export async function checkDatabase(db: Database, opts: { sliceMs?: number } = {}): Promise<CheckReport> {
  const sliceMs = opts.sliceMs ?? 400;
  const relations = await db.query<Relation>(LIST_RELATIONS).then((r) => r.rows);
  const damaged: Damage[] = [];
  const damagedTables = new Set<number>();
  let amcheckRan = false;
  let next = 0;
  while (next < relations.length) {
    await db.withConnection(async (conn) => {
      await conn.exec('begin');
      try {
        const amcheck = await amcheckSchema(conn);
        amcheckRan = amcheck !== undefined;
        const sliceEnds = performance.now() + sliceMs;
        do {
          const rel = relations[next++]!;
          if (rel.tableOid !== null && damagedTables.has(rel.tableOid)) continue;
          const problem = await checkOne(conn, rel, amcheck);
          if (problem) {
            damaged.push({ relation: rel.name, kind: KIND[rel.relkind], error: problem });
            damagedTables.add(rel.oid);
          }
        } while (next < relations.length && performance.now() < sliceEnds);
      } finally {
        await conn.exec('rollback');
      }
    });
  }
  return { ok: damaged.length === 0, damaged, checked: relations.length, amcheck: amcheckRan };
}

/** One relation's check inside a savepoint: its problem, or undefined. */
async function checkOne(conn: Queryable, rel: Relation, amcheck: Amcheck | undefined): Promise<string | undefined> {
  await conn.exec('savepoint relation_check');
  try {
    const problem = await checkRelation(conn, rel, amcheck);
    await conn.exec('release savepoint relation_check');
    return problem;
  } catch (e) {
    await conn.exec('rollback to savepoint relation_check');
    // Not this role's to read (a server's other owners), or dropped since the list was made: not damage.
    if (isPgError(e) && (e.code === '42501' || e.code === '42P01')) return undefined;
    return (e as Error).message;
  }
}

/** amcheck's functions this server has (gin_index_check is Postgres 18's), qualified by their schema. */
interface Amcheck {
  btree?: string;
  gin?: string;
  heap?: string;
}

/** amcheck's functions, creating the extension (inside the check's transaction) if need be. */
async function amcheckSchema(conn: Queryable): Promise<Amcheck | undefined> {
  await conn.exec('savepoint amcheck');
  try {
    await conn.exec('create extension if not exists amcheck');
    const { rows } = await conn.query<{ schema: string; name: string }>(
      `select distinct n.nspname as schema, p.proname as name
         from pg_catalog.pg_extension e
         join pg_catalog.pg_depend d on d.refobjid = e.oid and d.classid = 'pg_catalog.pg_proc'::regclass and d.deptype = 'e'
         join pg_catalog.pg_proc p on p.oid = d.objid
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where e.extname = 'amcheck'`,
    );
    await conn.exec('release savepoint amcheck');
    const fn = (name: string) => {
      const r = rows.find((row) => row.name === name);
      return r ? `${ident(r.schema)}.${ident(r.name)}` : undefined;
    };
    return { btree: fn('bt_index_check'), gin: fn('gin_index_check'), heap: fn('verify_heapam') };
  } catch {
    await conn.exec('rollback to savepoint amcheck');
    return undefined;
  }
}

const LIST_RELATIONS = `select c.oid::int as oid,
            pg_catalog.format('%I.%I', n.nspname, c.relname) as name,
            c.relkind::text as relkind,
            am.amname::text as am,
            pk.indexrelid::regclass::text as pkey,
            (select pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' order by k.ord)
               from pg_catalog.unnest(pk.indkey) with ordinality k(attnum, ord)
               join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as "pkeyColumns",
            ix.indrelid::int as "tableOid",
            coalesce(ix.indisvalid and ix.indisready, true) as valid
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       left join pg_catalog.pg_am am on am.oid = c.relam
       left join pg_catalog.pg_index pk on pk.indrelid = c.oid and pk.indisprimary
       left join pg_catalog.pg_index ix on ix.indexrelid = c.oid
      where c.relkind in ('r', 'm', 'i', 'S')
        and c.relpersistence <> 't'
        and (c.relkind <> 'm' or c.relispopulated) -- a materialized view never refreshed has nothing to read
        and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'
      order by c.relkind = 'i', n.nspname, c.relname`;

/** A problem found without an error (counts that disagree), or undefined; read errors are thrown. */
async function checkRelation(conn: Queryable, rel: Relation, amcheck: Amcheck | undefined): Promise<string | undefined> {
  if (rel.relkind === 'S') {
    await conn.query(`select last_value from ${rel.name}`);
    return undefined;
  }
  if (rel.relkind === 'i') {
    if (!amcheck || !rel.valid) return undefined; // read with its table below; amcheck reads it whole
    if (rel.am === 'btree' && amcheck.btree) await conn.query(`select ${amcheck.btree}(${rel.oid}::oid::regclass, true)`);
    else if (rel.am === 'gin' && amcheck.gin) await conn.query(`select ${amcheck.gin}(${rel.oid}::oid::regclass)`);
    return undefined;
  }
  // Every row as text: each page of the table and each TOASTed value is read and decompressed. The sum is
  // what makes it so: an expression nobody uses (as in count(*) over a subquery) the planner drops unread.
  const whole = await conn.query<{ rows: string }>(
    `select count(*)::text as rows, pg_catalog.sum(pg_catalog.length(t::text))::text as chars from ${rel.name} t`,
  );
  const rows = Number(whole.rows[0]!.rows);
  if (amcheck?.heap && rel.relkind === 'r') {
    const found = await conn.query<{ blkno: string; msg: string }>(
      `select blkno::text, msg from ${amcheck.heap}(${rel.oid}::oid::regclass, check_toast => true) limit 3`,
    );
    if (found.rows.length) return found.rows.map((r) => `block ${r.blkno}: ${r.msg}`).join('; ');
  }
  if (rel.pkey && rel.pkeyColumns) {
    // Through the primary key only: an entry whose row is gone (the table's file cut short) fails here.
    // Reset afterwards; after an error, rolling back to the relation's savepoint resets them.
    const plans = ['seqscan', 'bitmapscan', 'indexonlyscan', 'sort'];
    await conn.exec(plans.map((p) => `set local enable_${p} = off`).join('; '));
    const viaIndex = await conn.query<{ rows: string }>(
      `select count(*)::text as rows from (select 1 from ${rel.name} order by ${rel.pkeyColumns}) s`,
    );
    await conn.exec(plans.map((p) => `set local enable_${p} to default`).join('; '));
    const indexed = Number(viaIndex.rows[0]!.rows);
    if (indexed !== rows) return `its primary key ${rel.pkey} lists ${indexed} rows but the table holds ${rows}`;
  }
  return undefined;
}

/** What to tell a person about a report: what is damaged and what to do about it. */
export function describeReport(report: CheckReport, where: string): string {
  const depth = report.amcheck ? 'every page read, amcheck run' : 'every page read; amcheck unavailable, so indexes were only read through their tables';
  if (report.ok) return `${where}: no damage found in ${report.checked} relations (${depth}).`;
  const lines = [`${where}: ${report.damaged.length} of ${report.checked} relations are damaged:`];
  for (const d of report.damaged) lines.push(`  ${d.kind} ${d.relation}: ${d.error}`);
  const onlyIndexes = report.damaged.every((d) => d.kind === 'index');
  lines.push('');
  if (onlyIndexes) {
    lines.push('Only indexes are damaged; the rows themselves read fine. Rebuilding them repairs it:');
    for (const d of report.damaged) lines.push(`  reindex index ${d.relation};`);
    lines.push(
      '(with psql on a Postgres server; the embedded database has no psql: stop the stack and restore your latest',
      'backup that passes this check, npm run db:restore -- <backup file> --force).',
    );
  } else {
    lines.push(
      'Rows stored in these files cannot be read. Do not keep writing to this database: stop the stack, keep a copy',
      'of the data directory as it is (cp -a), then restore your latest backup that passes this check:',
      '  npm run db:restore -- <backup file> --force',
      'Writes made since that backup are lost unless they can be re-entered.',
    );
  }
  return lines.join('\n');
}
