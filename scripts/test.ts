// `npm test`: every suite, in order, each reported; exits non-zero when any failed or could not run.
// Suites: typecheck, lint (import zones and cycles, biome.json), edge-function typecheck (deno check), deploy check, schema drift
// (decision 0039), unit + database + local stack (vitest),
// end-to-end in headless Chromium against the real stack.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../local/config.ts';
import { redact } from '../local/db/redact.ts';

const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
const steps: Array<{ name: string; cmd: string; args: string[] }> = [
  { name: 'typecheck (local, scripts, tests)', cmd: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  { name: 'typecheck (web)', cmd: bin('tsc'), args: ['-p', 'web/tsconfig.json'] },
  { name: 'lint (import boundaries, cycles)', cmd: bin('biome'), args: ['lint', '--error-on-warnings'] },
  { name: 'deploy check (supabase db push onto a hosted-like database, seed, generated types)', cmd: bin('tsx'), args: ['scripts/deploy-check.ts'] },
  { name: 'schema drift (supabase/schemas and supabase/migrations build the same catalog)', cmd: bin('tsx'), args: ['scripts/schema/drift.ts'] },
  { name: 'unit, database and local-stack suites', cmd: bin('vitest'), args: ['run'] },
  { name: 'end-to-end (Chromium)', cmd: bin('tsx'), args: ['scripts/e2e.ts'] },
];

const only = process.argv.slice(2);
// scripts/e2e.ts writes a short digest of failed journeys here; it is printed under the summary.
const e2eDigest = path.join(os.tmpdir(), `e2e-failures-${process.pid}.txt`);
process.env.E2E_FAILURE_DIGEST = e2eDigest;
console.log(`database: ${process.env.DATABASE_URL ? redact(process.env.DATABASE_URL) : 'embedded PGlite'}`);
const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (r.error) console.error(`error: could not run ${step.name}: ${r.error.message}`);
  results.push({ name: step.name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
if (existsSync(e2eDigest)) {
  console.log(`\n=== end-to-end failures ===\n${readFileSync(e2eDigest, 'utf8').trimEnd()}`);
  rmSync(e2eDigest, { force: true });
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
