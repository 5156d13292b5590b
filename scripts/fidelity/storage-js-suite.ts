/**
 * Runs @supabase/storage-js's own test suite against the local stack, the way its CI runs it against the
 * Supabase CLI: the suite's files from a supabase-js checkout, the installed storage-js's sources, a stack on
 * 54321 with the CLI's JWT secret over a scratch database that holds the suite's seed.sql.
 *
 *   npx tsx scripts/fidelity/storage-js-suite.ts <supabase-js git dir or checkout> [test file ...]
 *
 * Prints passed/failed/skipped per file (decision 0042). Not part of `npm test`: it needs the suite's
 * sources, which are not a dependency of ours.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../local/config.ts';
import { startTestStack } from '../../testkit/test-stack.ts';

const SUITE = 'packages/core/storage-js/test';
// The files that talk to a server; the others test the client against mocks and say nothing about ours.
const SERVER_FILES = ['storageApi.test.ts', 'storageBucketApi.test.ts', 'storageFileApi.test.ts', 'storageFileApiNode.test.ts'];

const [source, ...only] = process.argv.slice(2);
if (!source) {
  console.error('usage: tsx scripts/fidelity/storage-js-suite.ts <supabase-js git dir or checkout> [test file ...]');
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), 'storage-js-suite-'));
const testDir = path.join(work, 'test');
mkdirSync(testDir);
if (existsSync(path.join(source, SUITE))) {
  cpSync(path.join(source, SUITE), testDir, { recursive: true });
} else {
  // A bare mirror: take the suite from HEAD.
  const tar = execFileSync('git', ['--git-dir', source, 'archive', 'HEAD', SUITE], { maxBuffer: 64 << 20 });
  execFileSync('tar', ['-x', '-C', testDir, '--strip-components', String(SUITE.split('/').length)], { input: tar });
}
const revision = existsSync(path.join(source, 'HEAD'))
  ? execFileSync('git', ['--git-dir', source, 'log', '-1', '--format=%h %cs'], { encoding: 'utf8' }).trim()
  : 'a checkout';
const installed = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/@supabase/storage-js/package.json'), 'utf8')).version as string;
symlinkSync(path.join(repoRoot, 'node_modules/@supabase/storage-js/src'), path.join(work, 'src'));
symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'));
// The suite is written for jest; vitest's `vi` answers its spies and timers (not its module mocks).
writeFileSync(path.join(work, 'jest-globals.ts'), "import { vi } from 'vitest';\n(globalThis as any).jest = vi;\n");
writeFileSync(
  path.join(work, 'vitest.config.ts'),
  `export default { test: { globals: true, root: ${JSON.stringify(work)}, setupFiles: ['./jest-globals.ts'], include: ['test/**/*.test.ts'], testTimeout: 30000, fileParallelism: false } };\n`,
);

const ts = await startTestStack({ env: { PORT: '54321' } });
let code = 0;
try {
  const seed = readFileSync(path.join(testDir, 'supabase/seed.sql'), 'utf8');
  await ts.database.db.exec(`set role postgres; set search_path = public, extensions; ${seed}; reset role; reset search_path`);
  const files = only.length > 0 ? only : SERVER_FILES;
  const report = path.join(work, 'report.json');
  // Not spawnSync: the stack answers from this process's event loop.
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--config', path.join(work, 'vitest.config.ts'), '--reporter=json', ...(process.env.VERBOSE ? ['--reporter=default'] : []), `--outputFile.json=${report}`, ...files.map((f) => `test/${f}`)],
    { cwd: work, stdio: ['ignore', process.env.VERBOSE ? 'inherit' : 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
  );
  code = await new Promise<number>((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[];
  };
  console.log(`storage-js suite ${revision} against installed @supabase/storage-js ${installed}, on ${ts.url}`);
  for (const file of result.testResults) {
    const count = (s: string) => file.assertionResults.filter((a) => a.status === s).length;
    console.log(`${path.basename(file.name)}: ${count('passed')} passed, ${count('failed')} failed, ${count('pending') + count('skipped')} skipped`);
    for (const a of file.assertionResults.filter((r) => r.status === 'failed')) {
      console.log(`  ✗ ${a.fullName} — ${(a.failureMessages[0] ?? '').split('\n')[0]?.slice(0, 160)}`);
    }
  }
} finally {
  await ts.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(code === 0 ? 0 : 1);
