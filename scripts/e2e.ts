/**
 * `npm run test:e2e`: the Playwright suite against the real stack.
 * 1. finds (or installs) a Chromium; 2. builds the SPA; 3. starts the stack in this process on a free port
 * over a fresh, seeded database (PGlite, or a scratch database on DATABASE_URL's server); 4. runs
 * `playwright test` (extra arguments are passed on, e.g. `npm run test:e2e -- e2e/auth.spec.ts`);
 * 5. closes the stack and drops the database whatever happened, and exits with Playwright's code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createStack, type Stack } from '../local/app.ts';
import { loadConfig, repoRoot } from '../local/config.ts';
import { openTestDatabase, type TestDatabase } from '../local/testing/test-database.ts';
import { ensureChromium } from './ensure-chromium.ts';

const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);

let current: ChildProcess | undefined;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env });
    current = child;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<number> {
  const chromium = ensureChromium();
  console.log(`e2e: Chromium at ${chromium}`);

  // A build folder of its own, so parallel runs (and a running `npm start`) never serve each other's files.
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-web-'));
  console.log('e2e: building the web app');
  const built = await run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir']);
  if (built !== 0) return built;

  let database: TestDatabase | undefined;
  let stack: Stack | undefined;
  try {
    database = await openTestDatabase({ seed: true });
    console.log(`e2e: database ${database.url ? 'on the Postgres server (scratch)' : 'in-memory PGlite'}`);
    const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', AUTH_RATE_LIMIT: '10000', LOG_REQUESTS: 'false', WEB_DIST: outDir });
    stack = await createStack(config, { db: database.db, seed: true, log: (line) => console.log(`[stack] ${line}`) });
    await stack.listen();
    const url = `http://127.0.0.1:${(stack.server.address() as AddressInfo).port}`;
    // Tokens and redirects name the address actually listened on.
    config.publicUrl = url;
    config.siteUrl = url;
    console.log(`e2e: stack at ${url}`);

    return await run(bin('playwright'), ['test', ...process.argv.slice(2)], {
      ...process.env,
      E2E_BASE_URL: url,
      PLAYWRIGHT_OUTPUT_DIR: path.join(outDir, '.results'),
      E2E_ANON_KEY: config.anonKey,
      CHROMIUM_PATH: chromium,
    });
  } finally {
    await stack?.close().catch((e: unknown) => console.error('e2e: closing the stack failed', e));
    await database?.drop().catch((e: unknown) => console.error('e2e: dropping the database failed', e));
    await rm(outDir, { recursive: true, force: true });
  }
}

// Stop the child and let `finally` close the stack and drop the scratch database rather than dying here.
// Ctrl-C already reaches the child (same process group); a SIGTERM is passed on.
process.on('SIGINT', () => console.log('e2e: interrupted, cleaning up'));
process.on('SIGTERM', () => {
  console.log('e2e: terminated, cleaning up');
  current?.kill('SIGTERM');
});

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
