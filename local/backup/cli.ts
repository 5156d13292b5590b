import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import type { StackConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { LOCK_FILE_NAME } from '../db/data-dir-lock.ts';
import { lockDataDir } from '../db/data-dir.ts';
import { openDatabase } from '../db/open.ts';
import { redact } from '../db/redact.ts';
import { BackupRefusedError, backupFileName, takeBackup, writeBackupFile } from './archive.ts';
import { type CheckReport, checkDatabase, describeReport } from './check.ts';
import { DB_ADMIN_PATH } from './service.ts';

/**
 * Exit codes of db:check, db:backup and db:restore (those of `npm start` where they mean the same):
 * 1 anything else, 4 the data directory is in use by a running stack (db:restore), 5 it cannot be opened,
 * 7 damage found (db:check; db:backup refuses).
 */
export const EXIT = { other: 1, dataDirLocked: 4, dataDirUnusable: 5, damaged: 7 } as const;

export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs fn on the database the stack uses: a Postgres server directly; the embedded one directly when no
 * stack holds it, else through that stack (it answers on loopback with the service_role key, see service.ts).
 */
async function onDatabase<T>(config: StackConfig, direct: (db: Database) => Promise<T>, viaStack: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      return await direct(db);
    } finally {
      await db.close();
    }
  }
  if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new CliError(EXIT.dataDirUnusable, `${config.dataDir} holds no database (no PG_VERSION). Check DATA_DIR.`);
  }
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'DATA_DIR_LOCKED') return viaStack(stackUrl(config));
    if (err.code === 'DATA_DIR_UNUSABLE') throw new CliError(EXIT.dataDirUnusable, err.message);
    throw e;
  }
  let db: Database;
  try {
    db = await openDatabase({ dataDir: config.dataDir, dataDirLock: lock });
  } catch (e) {
    lock.release();
    const err = e as Error & { code?: string };
    throw err.code === 'DATA_DIR_UNUSABLE' ? new CliError(EXIT.dataDirUnusable, err.message) : err;
  }
  try {
    return await direct(db);
  } finally {
    await db.close();
  }
}

/** The running stack, on loopback (it answers /_db from this machine only). */
function stackUrl(config: StackConfig): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}${DB_ADMIN_PATH}`;
}

/**
 * POST to the running stack. node:http rather than fetch: fetch gives up on an answer whose headers take
 * more than 5 minutes, and the stack sends them only once the check and the copy are done.
 */
function askStack(url: string, config: StackConfig): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { apikey: config.serviceRoleKey } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })));
    });
    req.on('error', (e) =>
      reject(
        new CliError(
          EXIT.other,
          `${config.dataDir} is in use by a running stack, and it did not answer at ${url} (${e.message}).\n` +
            'Run this with the same PORT and SERVICE_ROLE_KEY as that stack, or stop it first.',
        ),
      ),
    );
    req.end();
  });
}

async function stackError(res: Response): Promise<CliError> {
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (res.status === 404) return new CliError(EXIT.other, 'the running stack refused: run this on its machine with its SERVICE_ROLE_KEY.');
  return new CliError(res.status === 409 ? EXIT.damaged : EXIT.other, body.message ?? `the running stack answered ${res.status}`);
}

/** `npm run db:check`. */
export async function dbCheck(config: StackConfig): Promise<string> {
  const where = config.databaseUrl ? redact(config.databaseUrl) : config.dataDir;
  const report = await onDatabase<CheckReport>(
    config,
    (db) => checkDatabase(db),
    async (url) => {
      const res = await askStack(`${url}/check`, config);
      if (!res.ok) throw await stackError(res);
      return (await res.json()) as CheckReport;
    },
  );
  const text = describeReport(report, where);
  if (!report.ok) throw new CliError(EXIT.damaged, text);
  return text;
}

/** `npm run db:backup [file]`: checks, then writes the backup (a PGlite tar.gz, or pg_dump's custom format). */
export async function dbBackup(config: StackConfig, target?: string): Promise<string> {
  if (config.databaseUrl) return pgDump(config, target);
  const bytes = await onDatabase<Buffer>(
    config,
    async (db) => {
      try {
        return (await takeBackup(db)).bytes;
      } catch (e) {
        if (e instanceof BackupRefusedError) throw new CliError(EXIT.damaged, e.message);
        throw e;
      }
    },
    async (url) => {
      const res = await askStack(`${url}/backup`, config);
      if (!res.ok) throw await stackError(res);
      return Buffer.from(await res.arrayBuffer());
    },
  );
  const file = target ? writeBackupFile(path.dirname(path.resolve(target)), bytes, path.basename(target)) : writeBackupFile(config.backup.dir, bytes);
  return `backup written: ${file} (${bytes.length} bytes). Restore it with: npm run db:restore -- ${file}`;
}

function pgDump(config: StackConfig, target?: string): Promise<string> {
  return onDatabase(config, async (db) => {
    const report = await checkDatabase(db);
    if (!report.ok) throw new CliError(EXIT.damaged, `refusing to back up a damaged database.\n${describeReport(report, 'db:check')}`);
    const file = path.resolve(target ?? path.join(config.backup.dir, backupFileName().replace('.tar.gz', '.dump')));
    mkdirSync(path.dirname(file), { recursive: true });
    const run = spawnSync('pg_dump', ['--format=custom', `--file=${file}.partial`, `--dbname=${config.databaseUrl}`], { encoding: 'utf8' });
    if (run.error || run.status !== 0) {
      rmSync(`${file}.partial`, { force: true });
      throw new CliError(EXIT.other, `pg_dump failed: ${run.error?.message ?? run.stderr.trim()}\nInstall the PostgreSQL client tools of your server's version (see README, Backups).`);
    }
    renameSync(`${file}.partial`, file);
    return `backup written: ${file} (pg_dump custom format). Restore it with pg_restore (see README, Backups).`;
  }, () => Promise.reject(new Error('unreachable')));
}

/**
 * `npm run db:restore <file> [--force]`: never while a stack runs on DATA_DIR (its lock is taken first),
 * never over a database without --force, and then the database is moved aside, never deleted. The backup
 * is unpacked and opened in a directory next to DATA_DIR first, so a bad file changes nothing.
 */
export async function dbRestore(config: StackConfig, file: string | undefined, force: boolean): Promise<string> {
  if (config.databaseUrl) {
    throw new CliError(EXIT.other, 'DATABASE_URL is set: restore a Postgres server with pg_restore (see README, Backups).');
  }
  if (!file) throw new CliError(EXIT.other, 'usage: npm run db:restore -- <backup file> [--force]');
  if (!existsSync(file)) throw new CliError(EXIT.other, `${file} does not exist`);
  const dir = config.dataDir;
  let lock;
  try {
    lock = lockDataDir(dir);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'DATA_DIR_LOCKED') {
      throw new CliError(EXIT.dataDirLocked, `${err.message}.\nStop that stack first (Ctrl+C in its terminal), then run db:restore again.`);
    }
    if (err.code === 'DATA_DIR_UNUSABLE') throw new CliError(EXIT.dataDirUnusable, err.message);
    throw e;
  }
  try {
    const existing = readdirSync(dir).filter((n) => n !== LOCK_FILE_NAME);
    if (existing.length && !force) {
      throw new CliError(
        EXIT.other,
        `${dir} is not empty (${existing.length} entries${existing.includes('PG_VERSION') ? ', a database' : ''}); nothing was changed.\n` +
          'Add --force to restore anyway: what is there now is moved aside (to a sibling directory), not deleted.',
      );
    }
    const staging = `${dir}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    try {
      // PGlite unpacks the tar into the empty directory and starts on it: a file that is no backup fails here.
      const pg = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([readFileSync(file)]) });
      await pg.query('select 1');
      await pg.close();
    } catch (e) {
      rmSync(staging, { recursive: true, force: true });
      throw new CliError(EXIT.other, `${file} could not be restored (${(e as Error).message}); nothing was changed.`);
    }
    let aside: string | undefined;
    if (existing.length) {
      aside = `${dir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
      mkdirSync(aside);
      for (const name of existing) renameSync(path.join(dir, name), path.join(aside, name));
    }
    // The copy's lock file is the backed-up stack's, and its postmaster.pid that of PGlite's last start.
    for (const name of readdirSync(staging)) {
      if (name === LOCK_FILE_NAME) continue;
      renameSync(path.join(staging, name), path.join(dir, name));
    }
    rmSync(staging, { recursive: true, force: true });
    return `restored ${file} into ${dir}${aside ? `; the database that was there is in ${aside}` : ''}. Start the stack with npm start.`;
  } finally {
    lock.release();
  }
}

/** Runs a command's function as a script: prints its result, or its error with its exit code. */
export async function runCli(fn: () => Promise<string>): Promise<void> {
  try {
    console.log(await fn());
    process.exit(0);
  } catch (e) {
    if (e instanceof CliError) {
      console.error(`error: ${e.message}`);
      process.exit(e.exitCode);
    }
    console.error(`error: ${(e as Error).stack ?? String(e)}`);
    process.exit(EXIT.other);
  }
}
