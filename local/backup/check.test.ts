import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { createScratchDatabase } from '../db/server-databases.ts';
import { runScript } from './run-script.ts';

// Issue 31, item 6: a table file cut short let the stack start and serve 500s; nothing told the operator.
// The embedded database's files are damaged by hand here; the server's run is below.
describe.skipIf(Boolean(process.env.DATABASE_URL))('db:check on the embedded database', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'db-check-'));
  const healthy = path.join(root, 'healthy');
  let heapFile = '';
  let toastFile = '';
  const pageBytes = 8192;

  beforeAll(async () => {
    const db = await openPglite(healthy);
    await db.exec(
      `create table public.notes (id int primary key, body text);
       insert into public.notes select g, repeat('note ', 40) || g from generate_series(1, 2000) g;
       create table public.docs (id int primary key, body text);
       insert into public.docs
         select g, (select string_agg(md5(i::text || '/' || g), '') from generate_series(1, 300) i) from generate_series(1, 100) g;`,
    );
    // docs' bodies (~10 kB of hex each, which compresses poorly) live in its TOAST table.
    toastFile = path.join(
      healthy,
      (await db.query<{ p: string }>(`select pg_relation_filepath(reltoastrelid) as p from pg_class where oid = 'public.docs'::regclass`)).rows[0]!.p,
    );
    heapFile = path.join(healthy, (await db.query<{ p: string }>(`select pg_relation_filepath('public.notes') as p`)).rows[0]!.p);
    await db.close();
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A copy of the healthy database, and its notes table's and docs' TOAST table's files in it. */
  function copy(name: string): { dir: string; file: string; toast: string } {
    const dir = path.join(root, name);
    cpSync(healthy, dir, { recursive: true });
    return { dir, file: path.join(dir, path.relative(healthy, heapFile)), toast: path.join(dir, path.relative(healthy, toastFile)) };
  }

  it('passes a healthy database, with amcheck', async () => {
    const r = await runScript('db-check', [], { DATA_DIR: healthy });
    expect(r.output).toMatch(/no damage found in \d+ relations \(every page read, amcheck run\)/);
    expect(r.code).toBe(0);
  }, 120_000);

  it('names a table with an overwritten page, says what to do, and exits 7', async () => {
    const { dir, file } = copy('overwritten');
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(64, 0xab), 0, 64, 3 * pageBytes); // page 3's header: garbage
    closeSync(fd);
    const r = await runScript('db-check', [], { DATA_DIR: dir });
    expect(r.output).toMatch(/1 of \d+ relations are damaged/);
    expect(r.output).toMatch(/table public\.notes: invalid page in block 3/);
    expect(r.output).toContain('npm run db:restore -- <backup file> --force');
    expect(r.code).toBe(7);
  }, 120_000);

  it('names a table whose out-of-line values are cut short', async () => {
    const { dir, toast } = copy('toast-cut');
    truncateSync(toast, Math.floor(statSync(toast).size / pageBytes / 2) * pageBytes);
    const r = await runScript('db-check', [], { DATA_DIR: dir });
    expect(r.output).toMatch(/1 of \d+ relations are damaged/);
    expect(r.output).toMatch(/table public\.docs: /);
    expect(r.code).toBe(7);
  }, 120_000);

  it('finds a table cut at a page boundary through its primary key, and db:backup refuses to copy it', async () => {
    const { dir, file } = copy('cut-short');
    truncateSync(file, Math.floor(statSync(file).size / pageBytes / 2) * pageBytes);
    const check = await runScript('db-check', [], { DATA_DIR: dir });
    expect(check.output).toMatch(/table public\.notes: could not read block/);
    expect(check.code).toBe(7);

    const backups = path.join(root, 'backups');
    const backup = await runScript('db-backup', [], { DATA_DIR: dir, BACKUP_DIR: backups });
    expect(backup.output).toContain('refusing to back up a damaged database');
    expect(backup.output).toContain('table public.notes:');
    expect(backup.code).toBe(7);
    expect(existsSync(backups) ? readdirSync(backups) : []).toEqual([]);
  }, 180_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))('db:check on a Postgres server', () => {
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  afterAll(() => scratch?.drop());

  it('reads every relation of the database DATABASE_URL names, with amcheck when it may be created', async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'check');
    const db = await openPostgres(scratch.url, { max: 1 });
    await db.exec(`create table public.notes (id int primary key, body text); insert into public.notes select g, 'n' || g from generate_series(1, 500) g;`);
    const { rows } = await db.query<{ su: boolean }>(`select rolsuper as su from pg_catalog.pg_roles where rolname = current_user`);
    await db.close();
    const r = await runScript('db-check', [], { DATABASE_URL: scratch.url });
    expect(r.output).toMatch(rows[0]!.su ? /no damage found in \d+ relations \(every page read, amcheck run\)/ : /no damage found in \d+ relations/);
    expect(r.code).toBe(0);
  }, 120_000);
});
