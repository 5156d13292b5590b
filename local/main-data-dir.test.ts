import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './config.ts';
import { expectNoStackTrace, killRunningMains, runMain } from '../testkit/main-process.ts';
import { dataDirAfterExit, inPrivateTmpfs, NO_DIRECTORY, privateMountUnavailable } from '../testkit/private-mount.ts';

// Issue 31 items 1, 5 and 7: a data directory the stack must not use is refused (exit 5) with the reason,
// and left exactly as it was.

afterAll(killRunningMains);

let scratch: string;
/** A PGlite database (initdb and one table, no migrations: enough to be a database the stack would open). */
let template: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'stack-data-dir-'));
  template = path.join(scratch, 'template');
  const pg = await PGlite.create({ dataDir: template });
  await pg.query('create table kept (note text)');
  await pg.query(`insert into kept values ('the user''s data')`);
  await pg.close();
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Every file under dir with its size and content hash, to show nothing was written, created or removed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash('sha1').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('a data directory that holds something other than a database', () => {
  it('is refused when it was a database whose PG_VERSION is gone, and nothing in it is written (it was rebuilt over the data)', async () => {
    const dataDir = path.join(scratch, 'no-pg-version');
    cpSync(template, dataDir, { recursive: true });
    rmSync(path.join(dataDir, 'PG_VERSION'));
    const before = snapshot(dataDir);

    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' });
    expect(code, output).toBe(5);
    expect(output).toContain(`cannot open the database in ${dataDir}`);
    expect(output).toContain('PG_VERSION');
    expect(output).not.toContain('db:reset');
    expectNoStackTrace(output);
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('is refused when it is not a database at all (a mistyped DATA_DIR), and nothing in it is written', async () => {
    const dataDir = path.join(scratch, 'notes');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'my notes');

    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' });
    expect(code, output).toBe(5);
    expect(output).toContain(`cannot open the database in ${dataDir}`);
    expect(output).toContain('not empty');
    expectNoStackTrace(output);
    expect(readdirSync(dataDir)).toEqual(['notes.txt']);
    expect(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('my notes');
  });
});

// A tmpfs in a private mount namespace: the real ENOSPC and EROFS, not an imitation. Where the machine
// forbids it (no unprivileged user namespaces), these are skipped with the reason, and the classifier's
// unit tests (local/db/data-dir.test.ts) still cover the error shapes.
const noMounts = privateMountUnavailable();
if (noMounts) console.warn(`skipping the small and read-only file system tests: ${noMounts}`);

describe.skipIf(noMounts !== undefined)('a data directory on a file system that cannot take writes', () => {
  it('a read-only file system and a missing DATA_DIR: exit 5 with the reason (issue 31 item 7)', async () => {
    const mountPoint = mkdirScratch('read-only');
    const wrap = inPrivateTmpfs({ mountPoint, sizeKb: 1024, readOnly: true });
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: path.join(mountPoint, 'data'), PORT: '0' }, { wrap });
    expect(code, output).toBe(5);
    expect(output).toContain(`cannot open the database in ${path.join(mountPoint, 'data')}`);
    expect(output).toContain('read-only file system');
    expectNoStackTrace(output);
    expect(output).toContain(NO_DIRECTORY);
  });

  // 0 KB free: the lock file itself cannot be written; 200 KB: the database fails at its first writes.
  it.each([0, 200])('a full disk (%i KB free) is said to be full, not damaged, and nothing that deletes data is suggested (item 5)', async (freeKb) => {
    const mountPoint = mkdirScratch(`full-${freeKb}`);
    const sizeKb = Math.ceil(duKb(template) + 4096);
    const wrap = inPrivateTmpfs({ mountPoint, sizeKb, copy: template, freeKb });
    const dataDir = path.join(mountPoint, 'data');
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' }, { wrap });
    expect(code, output).toBe(5);
    expect(output).toContain(`no space left on the device holding ${dataDir}`);
    expect(output).toContain(mountPoint);
    expect(output).not.toMatch(/damaged|db:reset|\bmv\b|rm -rf/);
    expectNoStackTrace(output);
    // Nothing left behind: no empty lock file, no temporary file of the Stripe double's state.
    const after = dataDirAfterExit(output)!;
    expect([...after.keys()].filter((n) => n.endsWith('.tmp') || n === 'stack.lock')).toEqual([]);
    expect(after.has('PG_VERSION')).toBe(true);
  });
});

describe.skipIf(noMounts !== undefined)('the launcher on a full disk', () => {
  it('says the disk holding its bundle is full, without a stack trace, before touching DATA_DIR', async () => {
    // The launcher bundles local/ into node_modules/.cache first: a full disk there is met before DATA_DIR.
    const cache = path.join(repoRoot, 'node_modules/.cache/marketplace-start');
    mkdirSync(cache, { recursive: true });
    const dataDir = path.join(scratch, 'never-created');
    const wrap = inPrivateTmpfs({ mountPoint: cache, sizeKb: 64, freeKb: 0 });
    const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0' }, { wrap });
    expect(code, output).toBe(1);
    expect(output).toContain(`error: no space left on the device holding ${cache}`);
    expectNoStackTrace(output);
    expect(existsSync(dataDir)).toBe(false);
  });
});

function mkdirScratch(name: string): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  return dir;
}

/** Disk usage of a directory in KB (a tmpfs needs room for its blocks, not just its bytes). */
function duKb(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      total += Math.ceil(s.size / 4096) * 4;
    }
  };
  walk(dir);
  return total;
}
