import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
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

const viteCli = path.join(repoRoot, 'node_modules/vite/bin/vite.js');

/** Vite with the web app's config, as a child process of this Node; every script starts it through here. */
export function spawnVite(args: string[], opts: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions } = {}): ChildProcess {
  return spawn(process.execPath, [viteCli, ...args, '--config', 'web/vite.config.ts'], {
    cwd: repoRoot,
    stdio: opts.stdio ?? 'inherit',
    env: opts.env ?? process.env,
  });
}

/** Builds the SPA into outDir (default web/dist, what `npm start` serves); rejects when the build fails. */
export function buildWeb(opts: { outDir?: string } = {}): Promise<void> {
  const args = ['build', '--logLevel', 'warn', ...(opts.outDir ? ['--outDir', opts.outDir, '--emptyOutDir'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawnVite(args);
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the web build failed (vite exited with ${code ?? signal})`))));
  });
}
