import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';
import { processStartIdentity } from './process-identity.ts';

const HOLDER = path.join(import.meta.dirname, 'fixtures/lock-holder.ts');

/** Runs the lock-holder fixture; `lines` yields its output lines in order. */
function holder(dir: string, opts: { race?: boolean; holdMs?: number } = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', HOLDER, dir, opts.race ? 'stdin' : 'now', String(opts.holdMs ?? 60_000)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const seen: string[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  child.stdout.on('data', (c) => {
    buffer += c;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    seen.push(...parts.map((p) => p.trim()));
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      waiters.splice(0).forEach((w) => w());
      resolve();
    }),
  );
  /** The next line of output that is not "ready" (empty when the child exits first). */
  const nextLine = async (skip: string[] = []): Promise<string> => {
    for (;;) {
      const i = seen.findIndex((l) => !skip.includes(l));
      if (i >= 0) return seen.splice(0, i + 1).pop()!;
      if (child.exitCode !== null || child.signalCode !== null) return '';
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  return { child, exited, ready: () => nextLine([]), result: () => nextLine(['ready']) };
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

describe('the data directory lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is exclusive while its holder lives and released on release()', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a directory another live process holds, and takes it over once that process is SIGKILLed', async () => {
    const h = holder(dir);
    try {
      expect(await h.result()).toBe('won');
      let err: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as DataDirLockedError).holder.pid).toBe(h.child.pid);
      expect((err as Error).message).toContain(`pid ${h.child.pid}`);
    } finally {
      h.child.kill('SIGKILL');
      await h.exited;
    }
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a stale lock whose pid is dead', async () => {
    const pid = await deadPid();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid, host: os.hostname(), since: 'then', token: 'x' }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.skipIf(!processStartIdentity(process.pid))('takes over a lock whose pid was reused by a later process', () => {
    // Our own pid is alive, but the lock says it belonged to a process that started at another time.
    const stale = { pid: process.pid, start: 'another-boot:1', host: os.hostname(), since: 'then', token: 'x' };
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(stale));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).token).not.toBe('x');
    lock.release();
  });

  it('takes over a leftover empty lock file, but not one being written right now', () => {
    const file = path.join(dir, LOCK_FILE_NAME);
    writeFileSync(file, '');
    // Fresh and empty: a 'wx' create whose content is on its way; the retry loop gives up without stealing.
    expect(() => acquireDataDirLock(dir)).toThrow(/keeps changing/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    acquireDataDirLock(dir).release();
  });

  it('lets exactly one of several starts racing for a stale lock win', async () => {
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: await deadPid(), host: os.hostname(), since: 'then', token: 'x' }));
    const racers = Array.from({ length: 6 }, () => holder(dir, { race: true, holdMs: 3_000 }));
    expect(await Promise.all(racers.map((r) => r.ready()))).toEqual(Array(6).fill('ready'));
    const startAt = Date.now() + 300;
    for (const r of racers) r.child.stdin.end(`${startAt}\n`);
    const lines = await Promise.all(racers.map((r) => r.result()));
    await Promise.all(racers.map((r) => r.exited));
    expect(lines.filter((l) => l === 'won')).toHaveLength(1);
    expect(lines.filter((l) => l === 'held')).toHaveLength(5);
  });
});
