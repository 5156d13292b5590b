import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../local/config.ts';

function startOnce(dataDir: string, port: number): Promise<{ readyMs: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['local/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_REQUESTS: 'false' },
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

/** Resident memory of a process and its descendants (tsx runs the stack in a child node). */
async function treeRssMb(pid: number): Promise<number> {
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
