import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config.ts';
import { startTestStack } from './testing/test-stack.ts';

function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // As `npm start` runs it: the launcher bundles local/ and runs the bundle with plain Node.
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, LOG_REQUESTS: 'false', SKIP_WEB_BUILD: 'true', ...env },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the stack process', () => {
  it('exits with a clear message when the database is unreachable', async () => {
    const { code, output } = await runMain({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', PORT: '0' });
    expect(code).toBe(2);
    expect(output).toContain('cannot reach the database');
    expect(output).toContain('DATABASE_URL');
  });

  it('exits with a clear message when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stack-port-'));
    try {
      const { code, output } = await runMain({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port) });
      expect(code).toBe(3);
      expect(output).toContain(`port ${port} is already in use`);
    } finally {
      blocker.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('logs one line per request with method, path, status and duration', async () => {
    const lines: string[] = [];
    const t = await startTestStack({ env: { LOG_REQUESTS: 'true' }, log: (l) => lines.push(l) });
    try {
      await fetch(`${t.url}/rest/v1/rpc/nothing_here?apikey=${t.anonKey}`, { method: 'POST', body: '{}' });
      await fetch(`${t.url}/auth/v1/health`, { headers: { apikey: 'wrong' } });
      await new Promise((r) => setTimeout(r, 50));
      expect(lines).toContainEqual(expect.stringMatching(/^POST \/rest\/v1\/rpc\/nothing_here 404 \d+\.\dms$/));
      expect(lines).toContainEqual(expect.stringMatching(/^GET \/auth\/v1\/health 401 \d+\.\dms$/));
    } finally {
      await t.close();
    }
  });
});
