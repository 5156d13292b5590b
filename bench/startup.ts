import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../local/config.ts';
import { createScratchDatabase } from '../local/db/server-databases.ts';

function startOnce(dataDir: string, port: number, databaseUrl = ''): Promise<{ readyMs: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // As `npm start` runs it (scripts/start.mjs: bundle local/, then one plain node process). The SPA is
    // only built by the first (unmeasured) start, when web/ changed since the last build.
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), LOG_REQUESTS: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', async (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('Marketplace ready')) return;
      child.stdout.removeAllListeners('data');
      const readyMs = performance.now() - started;
      await new Promise((r) => setTimeout(r, 3000)); // idle
      const rssMb = await treeRssMb(child.pid!);
      child.kill('SIGTERM');
      child.on('exit', () => resolve({ readyMs, rssMb }));
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!out.includes('Marketplace ready')) reject(new Error(`stack exited (${code}) before ready:\n${out}`));
    });
  });
}

/** Resident memory of a process and its descendants (edge functions run in Deno children, started lazily). */
export async function treeRssMb(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  let total = kb / 1024;
  for (const child of children.trim().split(/\s+/).filter(Boolean)) total += await treeRssMb(Number(child));
  return total;
}

/** `npm start`'s path on PGlite: a first start creates .data, the second (measured) reuses it. */
export async function benchStartup(): Promise<{ firstMs: number; readyMs: number; rssMb: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stack-startup-'));
  try {
    const first = await startOnce(dir, 54400);
    const again = await startOnce(dir, 54400);
    return { firstMs: first.readyMs, readyMs: again.readyMs, rssMb: again.rssMb };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The same on a Postgres server (a scratch database, created then dropped). */
export async function benchStartupOnServer(baseUrl: string): Promise<{ readyMs: number; rssMb: number }> {
  const scratch = await createScratchDatabase(baseUrl, 'bench_startup');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stack-startup-'));
  try {
    await startOnce(dir, 54401, scratch.url);
    return await startOnce(dir, 54401, scratch.url);
  } finally {
    await scratch.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
