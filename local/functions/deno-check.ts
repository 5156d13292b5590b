import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from '../config.ts';
import { resolveDenoBinary } from './deno-binary.ts';

/** What `deno check` must accept: every function's index.ts under a functions folder, with its deno.json. */
export function functionEntrypoints(functionsDir: string): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => path.join(functionsDir, entry.name, 'index.ts'))
    .filter((file) => existsSync(file))
    .sort();
}

export interface CheckResult {
  ok: boolean;
  files: string[];
  output: string;
}

/** Type-checks the entrypoints of a functions folder under Deno, with that folder's deno.json if any. */
export async function denoCheck(functionsDir: string, extraFiles: string[] = []): Promise<CheckResult> {
  const files = [...functionEntrypoints(functionsDir), ...extraFiles];
  const config = path.join(functionsDir, 'deno.json');
  const args = ['check', '--quiet', ...(existsSync(config) ? [`--config=${config}`] : ['--no-config']), ...files];
  try {
    const { stdout, stderr } = await promisify(execFile)(resolveDenoBinary(), args, {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { ok: true, files, output: stdout + stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    return { ok: false, files, output: `${err.stdout ?? ''}${err.stderr ?? err.message}` };
  }
}

// `npx tsx local/functions/deno-check.ts`: checks supabase/functions, prints errors, exits non-zero on any.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await denoCheck(path.join(repoRoot, 'supabase', 'functions'));
  process.stdout.write(result.output);
  console.log(`deno check: ${result.files.length} function(s) ${result.ok ? 'ok' : 'FAILED'}`);
  process.exit(result.ok ? 0 : 1);
}
