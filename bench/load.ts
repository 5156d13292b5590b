// `npm run bench:load` (issue 19): a mixed, open-loop load of browsers on the real HTTP surface (sign-in,
// browse with filters, open a campaign, apply, messages, a brand's review of applications, payment status),
// on PGlite and on the Postgres server. Prints figures against the targets; not a test (timings are noisy,
// and other work on this machine moves them: compare figures within one run).
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { startTestStack, type TestStack } from '../testkit/test-stack.ts';
import type { RunCommand, RunFigures, StepFigures } from './load-client.ts';
import { countWrites, generatePeople, PASSWORD } from './load-data.ts';
import type { LoadWorld } from './load-mix.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET_RATE = 200;
const TARGET_P95 = 100;
const TIMEOUT_MS = 10_000;
const PGLITE_RATES = (process.env.BENCH_PGLITE_RATES ?? '25,50,75,100,125,150,200,250,300,400,500').split(',').map(Number);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY; // 'pglite' | 'postgres'

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

/** Starts a seeded stack with generated people on PGlite (no url) or a scratch database on the server. */
async function start(url: string | undefined): Promise<{ ts: TestStack; world: LoadWorld }> {
  const previous = process.env.DATABASE_URL;
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  // Every browser signs in from 127.0.0.1 here: the per-address sign-in limit (30 per 5 minutes) is lifted.
  // PGlite gets the thread-lag refusal (decision 0024): past its capacity, requests otherwise wait in socket buffers.
  const ts = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '1000000', ADMISSION_MAX_LAG_MS: process.env.ADMISSION_MAX_LAG_MS ?? (url ? '0' : '100') } }).finally(() => {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  });
  const people = await generatePeople(ts.stack.ctx.db, ts.config.jwtSecret, { creators: 500, brands: 50, campaignsPerBrand: 4 });
  return { ts, world: { url: ts.url, anonKey: ts.anonKey, password: PASSWORD, ...people } };
}

function startClients(world: LoadWorld): { run(cmd: RunCommand): Promise<RunFigures>; stop(): Promise<number> } {
  // The worker is TypeScript, bundled for it by esbuild: Node 20's workers do not inherit tsx's loader.
  const bundle = buildSync({ entryPoints: [fileURLToPath(new URL('./load-client.ts', import.meta.url))], bundle: true, platform: 'node', format: 'cjs', write: false });
  const worker = new Worker(bundle.outputFiles[0]!.text, { eval: true, workerData: world });
  return {
    run: (cmd) =>
      new Promise((resolve, reject) => {
        const onMessage = (m: { type: string; figures?: RunFigures; message?: string }) => {
          worker.off('error', reject);
          if (m.type === 'done') resolve(m.figures!);
          else reject(new Error(m.message));
        };
        worker.once('message', onMessage);
        worker.once('error', reject);
        worker.postMessage(cmd);
      }),
    stop: () => worker.terminate(),
  };
}

function row(s: StepFigures, seconds: number): string {
  const rate = (s.ok / seconds).toFixed(1);
  const failures = `503 ${s.shed}${s.shedWithoutRetryAfter ? ` (without Retry-After ${s.shedWithoutRetryAfter})` : ''}  timeouts ${s.timeouts}  errors ${s.errors}`;
  return `    ${s.name.padEnd(16)} ${String(s.sent).padStart(6)} sent  ${rate.padStart(6)} ok/s  p50 ${f1(s.p50).padStart(7)}  p95 ${f1(s.p95).padStart(7)}  p99 ${f1(s.p99).padStart(7)} ms  ${failures}${s.reasons.length ? `  [${s.reasons.join(' | ')}]` : ''}`;
}

function print(label: string, rate: number, r: RunFigures, perStep: boolean): void {
  console.log(`  ${label}: offered ${rate} req/s for ${SECONDS} s → ${(r.all.ok / r.elapsedS).toFixed(1)} ok/s; generator lag p99 ${f1(r.fireLagP99)} ms`);
  if (perStep) for (const s of r.steps) console.log(row(s, r.elapsedS));
  console.log(row(r.all, r.elapsedS));
}

/**
 * Acknowledged writes against what the database holds. Fewer stored than acknowledged is a loss; more
 * stored means writes whose answer the client never got (it timed out while the stack finished them).
 */
async function checkWrites(ts: TestStack, before: { applications: number; messages: number }, acked: RunFigures['acknowledged']): Promise<boolean> {
  const after = await countWrites(ts.stack.ctx.db);
  const stored = { applications: after.applications - before.applications, messages: after.messages - before.messages };
  const lost = stored.applications < acked.applications || stored.messages < acked.messages;
  const same = stored.applications === acked.applications && stored.messages === acked.messages;
  console.log(
    `    writes: acknowledged ${acked.applications} applications and ${acked.messages} messages; the database gained ` +
      `${stored.applications} and ${stored.messages} — ${lost ? 'LOST WRITES' : same ? 'nothing lost' : 'nothing lost, but some were done after their client gave up'}`,
  );
  return same;
}

async function onServer(): Promise<void> {
  console.log(`\nPostgres server (${SECONDS} s per run, Poisson arrivals, latency from each request's due time)`);
  const { ts, world } = await start(databaseUrl);
  const clients = startClients(world);
  try {
    await clients.run({ rate: 50, seconds: 5, timeoutMs: TIMEOUT_MS }); // warm-up: caches, plans, connections
    const before = await countWrites(ts.stack.ctx.db);
    const r = await clients.run({ rate: TARGET_RATE, seconds: SECONDS, timeoutMs: TIMEOUT_MS });
    print('target rate', TARGET_RATE, r, true);
    const failures = r.all.shed + r.all.shedWithoutRetryAfter + r.all.timeouts + r.all.errors;
    const met = failures === 0 && r.all.p95 <= TARGET_P95;
    console.log(`    ${met ? 'MET' : 'MISSED'}: ${failures} failed, p95 ${f1(r.all.p95)} ms (target 0 errors and p95 <= ${TARGET_P95} ms at ${TARGET_RATE} req/s)`);
    if (!(await checkWrites(ts, before, r.acknowledged)) || !met) process.exitCode = 1;
  } finally {
    await clients.stop();
    await ts.close();
  }
}

async function onPglite(): Promise<void> {
  console.log(`\nPGlite (${SECONDS} s per rate, stepped up until p95 > ${TARGET_P95} ms)`);
  const { ts, world } = await start(undefined);
  const clients = startClients(world);
  try {
    await clients.run({ rate: 20, seconds: 5, timeoutMs: TIMEOUT_MS });
    let best = 0;
    for (const rate of PGLITE_RATES) {
      const r = await clients.run({ rate, seconds: SECONDS, timeoutMs: TIMEOUT_MS });
      const failures = r.all.shed + r.all.shedWithoutRetryAfter + r.all.timeouts + r.all.errors;
      const ok = failures === 0 && r.all.p95 <= TARGET_P95;
      print(`${rate} req/s ${ok ? 'ok' : 'over'}`, rate, r, false);
      if (!ok) break;
      best = rate;
    }
    const topped = best === PGLITE_RATES[PGLITE_RATES.length - 1];
    console.log(`    highest rate with p95 <= ${TARGET_P95} ms and no errors: ${topped ? `at least ${best} req/s (the highest rate tried; BENCH_PGLITE_RATES tries more)` : `${best} req/s`}`);

    // Past it, well past what one thread can serve (BENCH_OVER_RATE, default 600 req/s). The stack must answer
    // everything (503 with Retry-After for what it cannot take), lose no acknowledged write, and serve
    // normally afterwards.
    const over = Number(process.env.BENCH_OVER_RATE ?? 600);
    const gate0 = ts.stack.admission.stats;
    const before = await countWrites(ts.stack.ctx.db);
    const r = await clients.run({ rate: over, seconds: SECONDS, timeoutMs: TIMEOUT_MS });
    print(`driven past it, ${over} req/s`, over, r, true);
    const gate = ts.stack.admission.stats;
    console.log(`    admission gate: admitted ${gate.admitted - gate0.admitted}, refused ${gate.shed - gate0.shed} (503 + Retry-After)`);
    const same = await checkWrites(ts, before, r.acknowledged);
    const health = await fetch(`${ts.url}/auth/v1/settings`, { headers: { apikey: ts.anonKey } });
    const clean = r.all.timeouts === 0 && r.all.errors === 0 && r.all.shedWithoutRetryAfter === 0;
    console.log(
      `    ${clean && same && health.ok ? 'MET' : 'MISSED'}: timeouts ${r.all.timeouts}, other errors ${r.all.errors}, ` +
        `503s ${r.all.shed} all with Retry-After; afterwards the stack answers ${health.status} (target: no timeouts or crashes, nothing lost)`,
    );
    if (!clean || !same || !health.ok) process.exitCode = 1;
  } finally {
    await clients.stop();
    await ts.close();
  }
}

console.log(`bench:load — mixed browser traffic, open loop; client timeout ${TIMEOUT_MS / 1000} s`);
if (only !== 'pglite') await onServer();
if (only !== 'postgres') await onPglite();
process.exit();
