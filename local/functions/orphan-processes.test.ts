import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';

const STACK_PROCESS = fileURLToPath(new URL('./fixtures/stack-process.ts', import.meta.url));

/** Running, and not a zombie waiting for whichever process adopted it to reap it. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; Z is a zombie: it has exited.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('function processes', () => {
  it('end by themselves when the stack process is killed without a chance to clean up', async () => {
    // PGlite in memory: a killed process leaves no scratch database behind.
    const child = spawn(process.execPath, ['--import', 'tsx', STACK_PROCESS], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      child.stdout!.setEncoding('utf8');
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: string) => {
          output += chunk;
          const m = /STACK_URL=(\S+)/.exec(output);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`stack process exited early (${code}): ${output}`)));
      });
      const { pid } = (await (await fetch(`${url}/functions/v1/public-echo`)).json()) as { pid: number };
      expect(isAlive(pid)).toBe(true);

      child.kill('SIGKILL');
      await once(child, 'exit');
      const deadline = Date.now() + 10_000;
      while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(isAlive(pid)).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
