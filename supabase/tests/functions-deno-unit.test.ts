import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { repoRoot } from '../../testkit/runtime.ts';
import { resolveDenoBinary } from '../../testkit/runtime.ts';

// The functions' own unit tests (supabase/functions/**/*.test.ts) run under real Deno, type-checked with
// the functions' deno.json, as part of `npm test`.
test('deno test passes for supabase/functions', async () => {
  const dir = path.join(repoRoot, 'supabase', 'functions');
  const args = ['test', '--quiet', `--config=${path.join(dir, 'deno.json')}`, '--allow-env', '--allow-read', '--allow-net=127.0.0.1', dir];
  let output = '';
  let ok = true;
  try {
    const { stdout, stderr } = await promisify(execFile)(resolveDenoBinary(), args, {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    output = stdout + stderr;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    output = `${err.stdout ?? ''}${err.stderr ?? err.message}`;
    ok = false;
  }
  expect(ok, output).toBe(true);
  expect(output).toMatch(/ok \| \d+ passed \| 0 failed/);
  expect(output).toMatch(/api-unit\.test\.ts/);
  expect(output).toMatch(/admin-users-unit\.test\.ts/);
}, 180_000);
