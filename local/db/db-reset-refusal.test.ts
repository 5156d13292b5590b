import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * `npm run db:reset` empties the data directory before rebuilding it. On a mistyped DATA_DIR (a folder of
 * someone's files) that deleted them all (issue 31): it must refuse a directory that holds no database.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'db-reset-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('refuses a data directory that is not empty and holds no database, and deletes nothing', async () => {
  const dir = path.join(scratch, 'documents');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'notes.txt'), 'mine');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/db-reset.ts'], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, output: stdout + stderr });
    });
  });
  expect([code, output]).toEqual([5, expect.stringContaining('holds no database')]);
  expect(readdirSync(dir)).toEqual(['notes.txt']);
  expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
});
