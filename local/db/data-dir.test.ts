import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import { DataDirUnusableError, inspectDataDir } from './data-dir.ts';

// Issue 31 item 1: PGlite creates a database in any directory without PG_VERSION, over whatever is there.
describe('which data directory may get a new database', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'data-dir-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const make = (files: string[]) => {
    const dir = path.join(root, 'data');
    mkdirSync(dir);
    for (const f of files) {
      if (f.endsWith('/')) mkdirSync(path.join(dir, f));
      else writeFileSync(path.join(dir, f), 'x');
    }
    return dir;
  };

  it('a missing or empty one (a lock file left by a start that died counts as empty)', () => {
    expect(inspectDataDir(path.join(root, 'missing'))).toBe('missing');
    expect(inspectDataDir(make([LOCK_FILE_NAME]))).toBe('empty');
  });

  it('one holding a database is opened, not created', () => {
    expect(inspectDataDir(make(['PG_VERSION', 'base/', 'global/']))).toBe('database');
  });

  it('refuses database files without PG_VERSION, saying how to put it back', () => {
    const dir = make(['base/', 'global/', 'pg_wal/']);
    expect(() => inspectDataDir(dir)).toThrow(DataDirUnusableError);
    expect(() => inspectDataDir(dir)).toThrow(/no PG_VERSION file[\s\S]*echo 18 >/);
  });

  it('refuses any other non-empty directory, naming what is in it', () => {
    expect(() => inspectDataDir(make(['notes.txt']))).toThrow(/not empty \(notes\.txt\) and holds no database/);
  });

  it("refuses a new disk's root (lost+found), as initdb does, saying to use a directory inside it", () => {
    expect(() => inspectDataDir(make(['lost+found/']))).toThrow(/create a directory inside it/);
  });
});
