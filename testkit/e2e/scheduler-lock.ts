import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stackUrl } from './clients.ts';

/**
 * The scheduler's jobs act on the whole database: a run on a clock days ahead approves every hire's content
 * that is due by then, the other project's copy of a journey included. A journey that watches its own content
 * wait for the scheduler holds this lock from submission to its run, and every run takes it, so no run
 * lands in the middle of such a journey. One lock per stack (all workers of a run share it): a directory
 * made atomically, holding the owner's pid so a lock left by a killed worker is taken back.
 */
const lockDir = () => path.join(tmpdir(), `e2e-scheduler-${createHash('sha256').update(stackUrl()).digest('hex').slice(0, 12)}`);

let held = 0; // this worker holds the lock (re-entrant: a holder's own scheduler run does not wait for itself)

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function acquire(): Promise<void> {
  const dir = lockDir();
  for (;;) {
    try {
      await mkdir(dir);
      await writeFile(path.join(dir, 'pid'), String(process.pid));
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(await readFile(path.join(dir, 'pid'), 'utf8').catch(() => ''));
      // An owner that has not written its pid yet is alive; one whose process is gone left the lock behind.
      if (owner && !alive(owner)) await rm(dir, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Runs `fn` while no scheduler run of another worker can happen. */
export async function withSchedulerLock<T>(fn: () => Promise<T>): Promise<T> {
  if (held === 0) await acquire();
  held += 1;
  try {
    return await fn();
  } finally {
    held -= 1;
    if (held === 0) await rm(lockDir(), { recursive: true, force: true });
  }
}
