import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small or read-only file system for one child process: a tmpfs mounted in a private mount namespace
 * (`unshare --user --map-root-user --mount`), so no privilege is needed where unprivileged user namespaces
 * are allowed, nothing is mounted on the machine itself, and the mount vanishes when the child exits.
 */

/** Why private mounts cannot be used here, or undefined when they can (probed once). */
export function privateMountUnavailable(): string | undefined {
  const probe = mkdtempSync(path.join(os.tmpdir(), 'mount-probe-'));
  try {
    const r = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', probe], { encoding: 'utf8' });
    if (r.error) return `unshare is not available (${r.error.message})`;
    if (r.status !== 0) return `this machine does not allow a private tmpfs mount (unshare -rm mount: ${r.stderr.trim()})`;
    return undefined;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Marks the listing of the data directory printed after the child exits (the mount is gone afterwards). */
export const AFTER_EXIT = '--- data directory after exit:';
export const NO_DIRECTORY = '(no directory)';

/**
 * The command prefix that runs a command with a tmpfs of `sizeKb` mounted at `mountPoint` (an existing
 * empty directory). `copy` puts a directory into the mount first (as mountPoint/data); `freeKb` then fills
 * the rest but that many KB; `readOnly` mounts it read-only. After the command exits, the names and
 * sizes in mountPoint/data are printed under AFTER_EXIT.
 */
export function inPrivateTmpfs(opts: { mountPoint: string; sizeKb: number; readOnly?: boolean; copy?: string; freeKb?: number }): string[] {
  const lines = [
    'set -e',
    `mount -t tmpfs -o size=${opts.sizeKb}k${opts.readOnly ? ',ro' : ''} tmpfs "$MNT"`,
    ...(opts.copy ? ['cp -a "$SRC" "$MNT/data"'] : []),
    ...(opts.freeKb !== undefined
      ? ['dd if=/dev/zero of="$MNT/filler" bs=4k 2>/dev/null || true', `truncate -s -${opts.freeKb}k "$MNT/filler"`, 'sync']
      : []),
    'set +e',
    // A stack that starts instead of failing is stopped by its test; the timeout ends it if the test cannot.
    'timeout -s KILL 240 "$@"',
    'code=$?',
    `echo "${AFTER_EXIT}"`,
    `if [ -d "$MNT/data" ]; then find "$MNT/data" -mindepth 1 -maxdepth 1 -printf "%f %s\\n"; else echo "${NO_DIRECTORY}"; fi`,
    'exit $code',
  ];
  return ['env', `MNT=${opts.mountPoint}`, `SRC=${opts.copy ?? ''}`, 'unshare', '-rm', 'sh', '-c', lines.join('\n'), 'sh'];
}

/** The entries (name → size) of the data directory as printed under AFTER_EXIT; undefined when it did not exist. */
export function dataDirAfterExit(output: string): Map<string, number> | undefined {
  const at = output.indexOf(AFTER_EXIT);
  if (at < 0) return undefined;
  const rows = output.slice(at + AFTER_EXIT.length).trim().split('\n').filter(Boolean);
  if (rows[0] === NO_DIRECTORY) return undefined;
  return new Map(rows.map((r) => [r.slice(0, r.lastIndexOf(' ')), Number(r.slice(r.lastIndexOf(' ') + 1))]));
}
