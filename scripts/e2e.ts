/**
 * `npm run test:e2e`: the Playwright suite against the real stack.
 * 1. finds (or installs) a Chromium; 2. builds the SPA; 3. starts the stack in this process on a free port
 * over a fresh, seeded database (PGlite, or a scratch database on DATABASE_URL's server); 4. runs
 * `playwright test` (extra arguments are passed on, e.g. `npm run test:e2e -- e2e/auth.spec.ts`);
 * 5. closes the stack and drops the database whatever happened, and exits with Playwright's code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../local/config.ts';
import { startBuiltApp } from '../testkit/built-app.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { failureDigest } from './e2e-failure-digest.ts';
import { existsSync, writeFileSync } from 'node:fs';

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
  const chromium = ensureChromium(console.log, 'headless-shell');
  console.log(`e2e: Chromium at ${chromium}`);

  // The suite's Stripe double keeps its state in memory, as under vitest: by default it would share
  // .data/stripe-double.json with `npm start` and earlier runs, whose objects (the seed's refunded, say)
  // would disagree with this run's fresh database.
  process.env.STRIPE_STATE_FILE ??= 'memory';
  console.log('e2e: building the web app');
  const app = await startBuiltApp({ label: 'e2e', log: (line) => console.log(`[stack] ${line}`) });
  try {
    console.log(`e2e: stack at ${app.url} over ${app.database.url ? 'a scratch database on the Postgres server' : 'in-memory PGlite'}`);
    // The built app's folder is removed with the stack; E2E_RESULTS_DIR keeps a failure's trace and page snapshot.
    const resultsDir = process.env.E2E_RESULTS_DIR ? path.resolve(process.env.E2E_RESULTS_DIR) : path.join(app.webDist, '.results');
    const jsonReport = path.join(resultsDir, 'report.json');
    const code = await run(bin('playwright'), ['test', ...process.argv.slice(2)], {
      ...process.env,
      E2E_BASE_URL: app.url,
      PLAYWRIGHT_OUTPUT_DIR: resultsDir,
      PLAYWRIGHT_JSON_REPORT: jsonReport,
      E2E_ANON_KEY: app.anonKey,
      CHROMIUM_PATH: chromium,
    });
    if (code !== 0 && existsSync(jsonReport)) {
      const digest = failureDigest(jsonReport);
      if (digest.length) {
        console.log(`\ne2e: failures\n${digest.join('\n')}`);
        // `npm test` prints it again under its summary (E2E_FAILURE_DIGEST names the file it reads).
        if (process.env.E2E_FAILURE_DIGEST) writeFileSync(process.env.E2E_FAILURE_DIGEST, `${digest.join('\n')}\n`);
      }
    }
    return code;
  } finally {
    await app.close().catch((e: unknown) => console.error('e2e: closing the stack failed', e));
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
