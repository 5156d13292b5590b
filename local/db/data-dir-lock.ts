import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pidIsAlive, processStartIdentity } from './process-identity.ts';

/** The lock file inside the data directory (PGlite ignores files it does not know). */
export const LOCK_FILE_NAME = 'stack.lock';

/**
 * A lock file younger than this that cannot be parsed is one being written right now ('wx' creates it
 * empty, the content follows); an older one is debris.
 */
const UNREADABLE_GRACE_MS = 5_000;

interface Holder {
  pid: number;
  /** processStartIdentity at the time of locking: a live pid with another identity is a reused pid. */
  start?: string;
  host: string;
  since: string;
  /** Makes every lock's content unique, so a release or a takeover never mistakes one lock for another. */
  token: string;
}

export interface DataDirLock {
  readonly dir: string;
  readonly file: string;
  /** Removes the lock file if it is still this lock's; safe to call more than once. */
  release(): void;
}

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dir: string,
    readonly file: string,
    readonly holder: { pid: number; host: string; since: string },
  ) {
    const where = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on host ${holder.host}`;
    super(`${dir} is in use by another stack (${where}, since ${holder.since})`);
  }
}

const held = new Set<DataDirLock>();
let exitHookInstalled = false;

/**
 * Takes the data directory for this process, so two stacks never open the same PGlite files (issue 12:
 * writes acknowledged by the second were lost, and a directory was left unopenable). A lock left by a
 * process that died (SIGKILL, power loss) is taken over: its pid is gone, or now belongs to a process
 * that started later. Creates the directory when missing.
 */
export function acquireDataDirLock(dir: string, testing: { pauseBeforeTakeoverMs?: number } = {}): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  const me: Holder = {
    pid: process.pid,
    start: processStartIdentity(process.pid),
    host: os.hostname(),
    since: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  const body = JSON.stringify(me);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      createLockFile(file, body);
      return remember(dir, file, body);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const existing = readLock(file);
    if (existing === undefined) continue; // released meanwhile: try again
    const verdict = judge(file, existing);
    if (verdict.state === 'held') throw new DataDirLockedError(dir, file, verdict.holder);
    if (verdict.state === 'being-written') {
      sleep(20);
      continue;
    }
    // Tests widen the gap between judging and taking over, where racing starts would collide.
    if (testing.pauseBeforeTakeoverMs) sleep(testing.pauseBeforeTakeoverMs);
    takeOverStale(file, existing);
  }
  throw new Error(`could not lock ${dir}: its lock file ${file} keeps changing`);
}

/**
 * Creates the lock file ('wx': only if absent) with the holder in it. A file created but not written (a
 * full disk: creating takes no data block, writing does) is removed again, so a failed start leaves no
 * empty lock behind.
 */
function createLockFile(file: string, body: string): void {
  const fd = openSync(file, 'wx');
  try {
    const bytes = Buffer.from(body);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } catch (e) {
    closeSync(fd);
    unlinkQuietly(file);
    throw e;
  }
  closeSync(fd);
}

type Verdict =
  | { state: 'held'; holder: { pid: number; host: string; since: string } }
  | { state: 'stale' }
  | { state: 'being-written' };

function judge(file: string, raw: string): Verdict {
  const holder = parse(raw);
  if (!holder) {
    const age = Date.now() - (statSafe(file)?.mtimeMs ?? 0);
    return age < UNREADABLE_GRACE_MS ? { state: 'being-written' } : { state: 'stale' };
  }
  // A process on another machine (a shared disk) cannot be checked from here: assume it is running.
  if (holder.host !== os.hostname()) return { state: 'held', holder };
  if (!pidIsAlive(holder.pid)) return { state: 'stale' };
  const now = processStartIdentity(holder.pid);
  if (holder.start && now && holder.start !== now) return { state: 'stale' };
  return { state: 'held', holder };
}

/**
 * A takeover guard older than this was left by a start that died in the microseconds it holds one.
 */
const GUARD_STALE_MS = 10_000;

/**
 * Removes a stale lock so the next 'wx' create can win. Several starts may judge the same lock stale at
 * once, and a lock may be replaced between being judged and being removed; an unguarded unlink (or a
 * rename-and-put-back) could then remove the lock a faster start had just created, and two starts would
 * both believe they hold the directory. So removing is serialized by a second 'wx' file, the guard: under
 * it the lock is read again and removed only if it is still the stale content judged. Nobody else removes
 * a lock file (its owner is dead), and nobody can create one while it exists, so it cannot change between
 * that read and the unlink. A start that finds the guard taken lets the holder finish and starts over.
 */
function takeOverStale(file: string, staleRaw: string): void {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const age = Date.now() - (statSafe(guard)?.mtimeMs ?? Date.now());
    if (age > GUARD_STALE_MS) unlinkQuietly(guard);
    else sleep(5);
    return;
  }
  try {
    if (readLock(file) === staleRaw) unlinkQuietly(file);
  } finally {
    unlinkQuietly(guard);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

function remember(dir: string, file: string, body: string): DataDirLock {
  const lock: DataDirLock = {
    dir,
    file,
    release() {
      if (!held.delete(lock)) return;
      if (readLock(file) === body) {
        try {
          unlinkSync(file);
        } catch {
          // removed by hand meanwhile
        }
      }
    },
  };
  held.add(lock);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // process.exit() paths (fatal start errors, signals handled by main) skip every close(): free the lock.
    process.on('exit', () => {
      for (const l of [...held]) l.release();
    });
  }
  return lock;
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function parse(raw: string): Holder | undefined {
  try {
    const h = JSON.parse(raw) as Partial<Holder>;
    if (typeof h.pid === 'number' && Number.isInteger(h.pid) && h.pid > 0 && typeof h.host === 'string') {
      return { pid: h.pid, start: h.start, host: h.host, since: String(h.since ?? 'an unknown time'), token: String(h.token) };
    }
  } catch {
    // not JSON: being written, or debris
  }
  return undefined;
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
