import { readFileSync, realpathSync, statfsSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether an error is a full disk, in each shape it reaches us: Node's ENOSPC, PGlite's file system error
 * (Emscripten's number for ENOSPC), and Postgres's disk_full (53100: "could not extend file ...: No space
 * left on device", or "wrote only 4096 of 8192 bytes" when the last blocks ran out).
 */
export function isNoSpace(e: unknown): boolean {
  const err = e as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown } | undefined;
  if (!err || typeof err !== 'object') return false;
  if (err.code === 'ENOSPC' || err.code === '53100') return true;
  if (err.name === 'ErrnoError' && err.errno === EMSCRIPTEN_ENOSPC) return true;
  return typeof err.message === 'string' && /no space left on device/i.test(err.message);
}

/** PGlite's file system errors carry Emscripten's (WASI) errno numbers. */
const EMSCRIPTEN_ENOSPC = 51;

export interface FileSystemInfo {
  /** Where the file system holding the path is mounted ('/' when unknown). */
  mountPoint: string;
  /** For people: type, mount point and free space, e.g. "ext4 mounted at /home: 12 kB free of 20 GB". */
  description: string;
}

/** The file system a path (or its nearest existing parent) is on, as far as this platform can tell. */
export function describeFileSystem(p: string): FileSystemInfo {
  const at = existingAncestor(p);
  const mount = mountOf(at);
  let space = '';
  try {
    const s = statfsSync(at);
    space = `: ${bytes(s.bavail * s.bsize)} free of ${bytes(s.blocks * s.bsize)}`;
  } catch {
    // statfs is missing on some platforms; the mount point alone still says where to look
  }
  const mountPoint = mount?.mountPoint ?? '/';
  const type = mount ? `${mount.type} ` : '';
  return { mountPoint, description: `${type}file system mounted at ${mountPoint}${space}` };
}

function existingAncestor(p: string): string {
  let at = path.resolve(p);
  for (;;) {
    try {
      return realpathSync(at);
    } catch {
      const up = path.dirname(at);
      if (up === at) return at;
      at = up;
    }
  }
}

/** The longest mount point containing the path, from /proc/self/mounts (Linux); undefined elsewhere. */
function mountOf(p: string): { mountPoint: string; type: string } | undefined {
  let table: string;
  try {
    table = readFileSync('/proc/self/mounts', 'utf8');
  } catch {
    return undefined;
  }
  let best: { mountPoint: string; type: string } | undefined;
  for (const line of table.split('\n')) {
    const [, rawPoint, type] = line.split(' ');
    if (!rawPoint || !type) continue;
    // Spaces and the like are octal escapes in /proc/mounts.
    const mountPoint = rawPoint.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
    const inside = mountPoint === '/' || p === mountPoint || p.startsWith(mountPoint + '/');
    if (inside && (!best || mountPoint.length >= best.mountPoint.length)) best = { mountPoint, type };
  }
  return best;
}

function bytes(n: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${units[i]}`;
}
