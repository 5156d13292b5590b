import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StackConfig } from '../config.ts';
import { openPglite } from '../db/pglite.ts';
import { startBackupSchedule } from './schedule.ts';
import { backupSettings } from './settings.ts';

describe('scheduled backups', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'backup-schedule-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are off unless BACKUP_INTERVAL is set, and refuse settings that make no sense', () => {
    expect(backupSettings({}, root)).toEqual({ intervalMs: undefined, keep: 7, dir: path.join(root, 'backups') });
    expect(backupSettings({ BACKUP_INTERVAL: '6h', BACKUP_KEEP: '3', BACKUP_DIR: '/var/b' }, root)).toEqual({
      intervalMs: 6 * 3_600_000,
      keep: 3,
      dir: '/var/b',
    });
    expect(backupSettings({ BACKUP_INTERVAL: '90' }, root).intervalMs).toBe(90 * 60_000);
    expect(() => backupSettings({ BACKUP_INTERVAL: '0' }, root)).toThrow(/BACKUP_INTERVAL/);
    expect(() => backupSettings({ BACKUP_INTERVAL: 'hourly' }, root)).toThrow(/BACKUP_INTERVAL/);
    expect(() => backupSettings({ BACKUP_KEEP: '0' }, root)).toThrow(/BACKUP_KEEP/);
  });

  // Scheduled backups are the embedded database's (a server's are pg_dump's, from cron).
  it.skipIf(Boolean(process.env.DATABASE_URL))('write a backup every interval and keep the newest BACKUP_KEEP, leaving other files alone', async () => {
    const dir = path.join(root, 'backups');
    const db = await openPglite(path.join(root, 'data'));
    await db.exec('create table public.t (id int primary key); insert into public.t values (1)');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const lines: string[] = [];
    const ctx = { config: { backup: { intervalMs: 300, keep: 1, dir } } as StackConfig, db, log: (l: string) => void lines.push(l) };
    const schedule = startBackupSchedule(ctx);
    try {
      while (lines.filter((l) => l.startsWith('backup: wrote')).length < 2) {
        expect(lines.filter((l) => l.includes('FAILED'))).toEqual([]);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      schedule.close();
    }
    // The one running when close() was called may still finish: wait for quiet, then count.
    await new Promise((r) => setTimeout(r, 1500));
    await db.close();
    const written = lines.filter((l) => l.startsWith('backup: wrote')).map((l) => path.basename(l.split(' ')[2]!));
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(readdirSync(dir).sort()).toEqual([written.at(-1), 'notes.txt'].sort());
  }, 120_000);
});
