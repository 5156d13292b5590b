import { statSync } from 'node:fs';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

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

/** Locks the data directory (creating it when missing), translating file system failures for people. */
export function lockDataDir(dir: string): DataDirLock {
  const existing = statOrUndefined(dir);
  if (existing && !existing.isDirectory()) {
    throw new DataDirUnusableError(dir, 'it is not a directory', 'Point DATA_DIR at a directory, or move this file out of the way.');
  }
  try {
    return acquireDataDirLock(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR') {
      throw new DataDirUnusableError(dir, `it cannot be written (${code}: ${(e as Error).message})`, 'Fix its permissions, or set DATA_DIR to a directory this user can write.');
    }
    throw e;
  }
}

/** What PGlite threw while opening the directory's files, as a message naming the directory. */
export function openFailure(dir: string, e: unknown): DataDirUnusableError {
  const err = e as Error & { errno?: number };
  const detail =
    err?.name === 'ErrnoError'
      ? `a file system error (errno ${err.errno ?? 'unknown'})`
      : `its files are damaged or are not a PGlite database (${err?.message ?? String(e)})`;
  return new DataDirUnusableError(dir, detail, MOVE_ASIDE(dir));
}

function statOrUndefined(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}
