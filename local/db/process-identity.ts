import { readFileSync } from 'node:fs';

/**
 * What tells one process from a later one that got the same pid: the boot and the process's start time
 * (Linux: /proc/<pid>/stat field 22, clock ticks since boot). Undefined where /proc is not there (macOS,
 * Windows); a lock then falls back on "is that pid alive".
 */
export function processStartIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    return startTicks ? `${bootId()}:${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown-boot';
  }
}

/** True while a process with this pid exists (EPERM: it does, as another user's). */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
