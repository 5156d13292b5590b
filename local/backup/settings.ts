import path from 'node:path';

/** Scheduled backups of the embedded database (off unless BACKUP_INTERVAL is set). */
export interface BackupSettings {
  /** BACKUP_INTERVAL: "30m", "6h", "1d" (a bare number is minutes); undefined = no scheduled backups. */
  intervalMs: number | undefined;
  /** BACKUP_KEEP (default 7): the newest this many of the stack's backups in dir are kept. */
  keep: number;
  /** BACKUP_DIR (default backups/ in the repository): where db:backup and the schedule write. */
  dir: string;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function backupSettings(env: NodeJS.ProcessEnv, repoRoot: string): BackupSettings {
  const keep = env.BACKUP_KEEP ? Number(env.BACKUP_KEEP) : 7;
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of backups, at least 1 (got "${env.BACKUP_KEEP}")`);
  return { intervalMs: interval(env.BACKUP_INTERVAL), keep, dir: path.resolve(repoRoot, env.BACKUP_DIR || 'backups') };
}

function interval(raw: string | undefined): number | undefined {
  if (!raw || raw === 'off') return undefined;
  const m = /^(\d+)\s*([mhd]?)$/.exec(raw.trim());
  if (!m || Number(m[1]) === 0) throw new Error(`BACKUP_INTERVAL must look like 30m, 6h or 1d (got "${raw}")`);
  return Number(m[1]) * UNIT_MS[(m[2] || 'm') as keyof typeof UNIT_MS];
}
