import { mkdirSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { type CheckReport, checkDatabase, describeReport } from './check.ts';

/** Backups the stack writes are named so that sorting the names sorts them by time. */
const NAME = /^marketplace-\d{8}T\d{6}(\d{3})?Z\.tar\.gz$/;

export function backupFileName(at = new Date()): string {
  return `marketplace-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}.tar.gz`;
}

/** db:check found damage: a copy of a damaged database would pass the damage on as a "good" backup. */
export class BackupRefusedError extends Error {
  readonly code = 'BACKUP_REFUSED';
  constructor(readonly report: CheckReport) {
    super(`refusing to back up a damaged database.\n${describeReport(report, 'db:check')}`);
  }
}

/**
 * Checks the embedded database, then copies its data directory (PGlite's dumpDataDir, a gzipped tar) at
 * one instant: every write acknowledged before the copy starts is in it. Throws BackupRefusedError on damage.
 */
export async function takeBackup(db: Database): Promise<{ bytes: Buffer; report: CheckReport }> {
  if (!db.dumpDataDir) throw new Error('only the embedded database is backed up this way; on a Postgres server use pg_dump');
  const report = await checkDatabase(db);
  if (!report.ok) throw new BackupRefusedError(report);
  const blob = await db.dumpDataDir();
  return { bytes: Buffer.from(await blob.arrayBuffer()), report };
}

/** Writes a backup under dir, whole or not at all (a partial file never has a backup's name). */
export function writeBackupFile(dir: string, bytes: Uint8Array, name = backupFileName()): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return file;
}

/** Deletes the oldest of the stack's backups in dir beyond the newest `keep`; other files are left alone. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = readdirSync(dir).filter((n) => NAME.test(n)).sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) unlinkSync(path.join(dir, name));
  return old;
}
