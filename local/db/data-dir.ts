import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, LOCK_FILE_NAME, type DataDirLock } from './data-dir-lock.ts';
import { describeFileSystem, isNoSpace } from './file-system.ts';

/** The data directory exists but cannot serve as PGlite's: says which, why, and what to do. */
export class DataDirUnusableError extends Error {
  readonly code = 'DATA_DIR_UNUSABLE';
  constructor(
    readonly dir: string,
    readonly reason: string,
    readonly advice: string,
  ) {
    super(`cannot open the database in ${dir}: ${reason}.\n${advice}`);
  }
}

const MOVE_ASIDE = (dir: string) =>
  `Move it aside to start with a new database (mv ${dir} ${dir}.broken), or rebuild it from the migrations and ` +
  `the seed with \`npm run db:reset\` (this deletes its data). Or set DATA_DIR to another directory.`;

/** The file PGlite (like initdb) writes into every database directory, and looks for to tell one. */
const PG_VERSION = 'PG_VERSION';

/** Files of ours that may be in a directory that holds no database yet: a start that stopped before creating it. */
const OURS = new Set([LOCK_FILE_NAME, `${LOCK_FILE_NAME}.takeover`]);

/** What the data directory holds, looked at before anything is written there. */
export type DataDirState = 'missing' | 'empty' | 'database';

/**
 * Says whether PGlite may open the directory, and whether it would create a database there. PGlite
 * creates a new database (initdb) in any directory without PG_VERSION, over whatever is in it: a database
 * whose PG_VERSION was lost was rebuilt that way, migrations and seed included, over the user's data
 * (issue 31). So a new database is created only where nothing is: anything else without PG_VERSION is
 * refused, before a byte is written in it.
 */
export function inspectDataDir(dir: string): DataDirState {
  const existing = statOrUndefined(dir);
  if (!existing) return 'missing';
  if (!existing.isDirectory()) {
    throw new DataDirUnusableError(dir, 'it is not a directory', 'Point DATA_DIR at a directory, or move this file out of the way.');
  }
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw cannotWrite(dir, e);
  }
  if (names.includes(PG_VERSION)) return 'database';
  const others = names.filter((n) => !OURS.has(n));
  if (others.length === 0) return 'empty';
  const unchanged = 'Nothing in it was changed. A new database is created only in a directory that does not exist or is empty.';
  if (others.includes('base') && others.includes('global')) {
    throw new DataDirUnusableError(
      dir,
      `it holds database files but no ${PG_VERSION} file, so it is a damaged or partly deleted database, not one to build a new database over`,
      `${unchanged}\nIf only ${PG_VERSION} was lost, put it back (it holds the Postgres major version: ` +
        `echo 18 > ${path.join(dir, PG_VERSION)}) and start again. To start with a new database, set DATA_DIR to a new directory.`,
    );
  }
  const shown = others.slice(0, 3).join(', ') + (others.length > 3 ? `, and ${others.length - 3} more` : '');
  // A file system's root (a new disk) has lost+found: Postgres's initdb refuses it too and says the same.
  const mountPoint = others.includes('lost+found')
    ? `\nIt looks like the root of a file system: create a directory inside it (mkdir ${path.join(dir, 'marketplace')}) and set DATA_DIR to that.`
    : '';
  throw new DataDirUnusableError(
    dir,
    `it is not empty (${shown}) and holds no database (no ${PG_VERSION} file)`,
    `${unchanged}\nCheck DATA_DIR: is it the directory you meant? To start with a new database, point it at a new or empty directory.${mountPoint}`,
  );
}

/** Locks the data directory (creating it when missing), translating file system failures for people. */
export function lockDataDir(dir: string): DataDirLock {
  if (!existsSync(dir)) createDataDir(dir);
  try {
    return acquireDataDirLock(dir);
  } catch (e) {
    // A file system error (not DataDirLockedError): the lock file could not be written.
    if (!(e as NodeJS.ErrnoException).syscall) throw e;
    throw isNoSpace(e) ? noSpaceError(dir) : cannotWrite(dir, e);
  }
}

/**
 * Creates the missing data directory. Node's recursive mkdir reports a read-only file system as ENOENT
 * (it retries the parent and keeps the last error), so the failure is asked of the nearest existing parent.
 */
function createDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    const parent = nearestExisting(dir);
    let code = (e as NodeJS.ErrnoException).code;
    try {
      accessSync(parent, constants.W_OK);
    } catch (access) {
      code = (access as NodeJS.ErrnoException).code ?? code;
    }
    if (code === 'ENOSPC') throw noSpaceError(dir);
    const why: Record<string, string> = {
      EROFS: `${parent} is on a read-only file system`,
      EACCES: `this user may not write in ${parent}`,
      EPERM: `this user may not write in ${parent}`,
      ENOTDIR: `${parent} is a file, not a directory`,
    };
    throw new DataDirUnusableError(
      dir,
      `it does not exist and cannot be created: ${why[code ?? ''] ?? `${code ?? 'error'}: ${(e as Error).message}`}`,
      code === 'EROFS'
        ? `Set DATA_DIR to a directory on a writable file system (or remount ${describeFileSystem(parent).mountPoint} read-write).`
        : 'Set DATA_DIR to a directory this user can create and write.',
    );
  }
}

function nearestExisting(p: string): string {
  let at = path.resolve(p);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function cannotWrite(dir: string, e: unknown): DataDirUnusableError {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EROFS') {
    return new DataDirUnusableError(dir, 'it is on a read-only file system', `Remount ${describeFileSystem(dir).mountPoint} read-write, or set DATA_DIR to a directory on a writable file system.`);
  }
  return new DataDirUnusableError(dir, `it cannot be written (${err.code ?? 'error'}: ${err.message})`, 'Fix its permissions, or set DATA_DIR to a directory this user can write.');
}

/**
 * A full disk at start-up: not damage, and nothing to delete in the data directory. Says which file system,
 * how much is free, and what to do (issue 31 item 5: it was reported as damaged files with db:reset offered).
 */
export function noSpaceError(dir: string): DataDirUnusableError {
  const fs = describeFileSystem(dir);
  return new DataDirUnusableError(
    dir,
    `no space left on the device holding ${dir} (${fs.description})`,
    `This is not damage: Postgres refuses a write that finds the disk full and keeps what it had, so nothing needs ` +
      `repairing or deleting. Free space on ${fs.mountPoint} ` +
      `(remove or move files you no longer need there, outside ${dir}; a few hundred MB lets the database start and grow), ` +
      `then start again. Or stop, move the whole directory to a disk with room, and set DATA_DIR to its new place.`,
  );
}

/** What PGlite threw while opening the directory's files, as a message naming the directory. */
export function openFailure(dir: string, e: unknown): DataDirUnusableError {
  if (isNoSpace(e)) return noSpaceError(dir);
  const err = e as Error & { errno?: number };
  if (err?.name === 'ErrnoError' && err.errno === EMSCRIPTEN_EROFS) return cannotWrite(dir, { code: 'EROFS', message: 'read-only file system' });
  const detail =
    err?.name === 'ErrnoError'
      ? `a file system error (errno ${err.errno ?? 'unknown'})`
      : `its files are damaged or are not a PGlite database (${err?.message ?? String(e)})`;
  return new DataDirUnusableError(dir, detail, MOVE_ASIDE(dir));
}

/** PGlite's file system errors carry Emscripten's (WASI) numbers, not the host's. */
const EMSCRIPTEN_EROFS = 69;

/**
 * After PGlite failed to open a directory: removes what that attempt added, so a refused directory is left
 * as it was. A directory that held no database is emptied again (a half-created database would otherwise
 * be refused at the next start, as a non-empty directory without PG_VERSION); in an existing one, only
 * the postmaster.pid the attempt wrote.
 */
export function undoFailedOpen(dir: string, state: DataDirState, namesBefore: Set<string>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (namesBefore.has(name) || OURS.has(name)) continue;
    if (state === 'database' && name !== 'postmaster.pid') continue;
    rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

export function entriesOf(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

function statOrUndefined(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}
