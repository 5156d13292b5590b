import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../local/config.ts';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when web/dist is missing or older than a source file of web/. */
export function webBuildIsStale(): boolean {
  const index = path.join(repoRoot, 'web/dist/index.html');
  let built: number;
  try {
    built = statSync(index).mtimeMs;
  } catch {
    return true;
  }
  return newestMtime(path.join(repoRoot, 'web')) > built;
}

/** Builds the SPA with Vite; exits the process when the build fails. */
export function buildWeb(): void {
  const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('error: the web build failed (see above).');
    process.exit(result.status ?? 1);
  }
}
