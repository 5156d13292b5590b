import type { StackContext } from '../context.ts';
import { pruneBackups, takeBackup, writeBackupFile } from './archive.ts';

/**
 * BACKUP_INTERVAL: the running stack backs its embedded database up into BACKUP_DIR every interval (the
 * first one an interval after start), keeping the newest BACKUP_KEEP. A backup still running when the
 * next is due is not started twice; a failure (damage found, disk full) is logged and the next try comes
 * an interval later. On a Postgres server there is nothing to do here: pg_dump belongs to its operator.
 */
export function startBackupSchedule(ctx: Pick<StackContext, 'config' | 'db' | 'log'>): { close(): void } {
  const { intervalMs, keep, dir } = ctx.config.backup;
  if (!intervalMs || !ctx.db.dumpDataDir) return { close() {} };
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const { bytes } = await takeBackup(ctx.db);
      const file = writeBackupFile(dir, bytes);
      const removed = pruneBackups(dir, keep);
      ctx.log(`backup: wrote ${file} (${bytes.length} bytes)${removed.length ? `, removed ${removed.length} older` : ''}`);
    } catch (e) {
      ctx.log(`backup: FAILED, no backup written: ${(e as Error).message}`);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
