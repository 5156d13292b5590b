import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { noSpaceError } from './data-dir.ts';
import { describeFileSystem, isNoSpace } from './file-system.ts';

// Issue 31 item 5, where no small file system can be mounted (see local/main-data-dir.test.ts): a full
// disk is recognised in the shapes it reaches the start-up, and said as such.
describe('a full disk', () => {
  it("is recognised in Node's shape: a real ENOSPC, from writing to /dev/full", () => {
    let error: unknown;
    try {
      writeFileSync('/dev/full', 'x');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'ENOSPC' });
    expect(isNoSpace(error)).toBe(true);
  });

  it("is recognised in Postgres's shape (SQLSTATE 53100), and other database errors are not", async () => {
    const pg = await PGlite.create();
    try {
      // disk_full raised as Postgres raises it, with its SQLSTATE, through PGlite's own error path.
      const full = await pg.exec(`do $$ begin raise exception using errcode = 'disk_full', message = 'could not extend file "base/5/1": wrote only 4096 of 8192 bytes at block 0'; end $$`).catch((e: unknown) => e);
      expect(isNoSpace(full)).toBe(true);
      const other = await pg.exec('select 1/0').catch((e: unknown) => e);
      expect(isNoSpace(other)).toBe(false);
    } finally {
      await pg.close();
    }
  });

  it('is said as no space on a named file system, with nothing that deletes data', () => {
    const message = noSpaceError('/tmp/some-data-dir').message;
    expect(message).toContain('no space left on the device holding /tmp/some-data-dir');
    expect(message).toContain(describeFileSystem('/tmp/some-data-dir').mountPoint);
    expect(message).not.toMatch(/damaged|db:reset|\bmv\b|rm -rf/);
  });
});
