// `npm run bench:storage` (issue 34 item 5): Storage served by the local stack, as a client sees it. Upload
// and download throughput (MB/s) against a plain streamed copy on the same disk, 1 MiB Range-request
// latency, and the stack's resident memory during a 1 GB resumable (TUS) upload. The stack runs as
// `npm start` runs it, in a child process of its own on a scratch database of the Postgres server, so
// the memory sampled is the stack's alone. Prints figures; not a test (timings are noisy).
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';
import { repoRoot } from '../local/config.ts';
import { createScratchDatabase } from '../local/db/server-databases.ts';
import { signJwt } from '../local/jwt.ts';
import { freePort } from '../testkit/main-process.ts';
import { treeRssMb } from './startup.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_SIZE_MB ?? 512);
const TUS_MB = Number(process.env.BENCH_TUS_MB ?? 1024);
const RANGES = Number(process.env.BENCH_RANGES ?? 100);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'the-storage-benchmark-secret-at-least-32-chars!';
const token = signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 3600 }, SECRET);
const auth = { authorization: `Bearer ${token}` };
const mbps = (bytes: number, ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' / ');

/** A file of incompressible bytes, written in 8 MiB blocks (never held whole). */
async function randomFile(file: string, bytes: number): Promise<void> {
  const fh = await open(file, 'w');
  for (let done = 0; done < bytes; done += 8 * MB) await fh.write(randomBytes(Math.min(8 * MB, bytes - done)));
  await fh.close();
}

function startStack(env: Record<string, string>): Promise<{ pid: number; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, LOG_REQUESTS: 'false', SKIP_WEB_BUILD: 'true', SCHEDULER: 'off', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c;
      if (!out.includes('Marketplace ready')) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({ pid: child.pid!, stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) });
    });
    child.on('exit', (code) => {
      if (!out.includes('Marketplace ready')) reject(new Error(`stack exited (${code}) before ready:\n${out}`));
    });
  });
}

function request(url: string, method: string, headers: Record<string, string>, body?: NodeJS.ReadableStream | string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, resolve);
    req.on('error', reject);
    if (typeof body === 'object') pipeline(body, req).catch(reject);
    else req.end(body);
  });
}

async function drain(res: http.IncomingMessage, to?: string): Promise<number> {
  let bytes = 0;
  res.on('data', (c: Buffer) => (bytes += c.length));
  if (to) await pipeline(res, createWriteStream(to));
  else await new Promise((r) => res.on('end', r).resume());
  return bytes;
}

const scratch = await createScratchDatabase(databaseUrl, 'bench_storage');
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-storage-'));
let stack: { pid: number; stop(): Promise<void> } | undefined;
try {
  console.log(`load average before: ${load()} (2 shared cores: figures move with other work on the machine)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  stack = await startStack({
    DATABASE_URL: scratch.url,
    DATA_DIR: path.join(dir, 'data'),
    STORAGE_DIR: path.join(dir, 'storage'),
    PORT: String(port),
    JWT_SECRET: SECRET,
    STORAGE_FILE_SIZE_LIMIT: '2GiB',
  });
  const made = await request(`${url}/storage/v1/bucket`, 'POST', { ...auth, 'content-type': 'application/json' }, JSON.stringify({ name: 'bench', public: false }));
  if (made.statusCode !== 200) throw new Error(`bucket: ${made.statusCode}`);
  await drain(made);

  const source = path.join(dir, 'source.bin');
  const bytes = SIZE_MB * MB;
  await randomFile(source, Math.max(bytes, TUS_MB * MB));

  console.log(`\nThroughput, ${SIZE_MB} MiB, one stream (stack on the Postgres server, disk: ${dir})`);
  let t = performance.now();
  await pipeline(createReadStream(source, { end: bytes - 1 }), createWriteStream(path.join(dir, 'copy.bin')));
  const copyMs = performance.now() - t;
  console.log(`  plain copy (read stream -> write stream, same disk): ${mbps(bytes, copyMs)} MB/s`);
  await rm(path.join(dir, 'copy.bin'));

  t = performance.now();
  const up = await request(`${url}/storage/v1/object/bench/big.bin`, 'POST', { ...auth, 'content-type': 'video/mp4', 'content-length': String(bytes) }, createReadStream(source, { end: bytes - 1 }));
  await drain(up);
  if (up.statusCode !== 200) throw new Error(`upload: ${up.statusCode}`);
  const upMs = performance.now() - t;
  console.log(`  upload   (POST /object, file -> stack -> disk):    ${mbps(bytes, upMs)} MB/s (${(upMs / copyMs).toFixed(1)}x the copy's time)`);

  t = performance.now();
  const down = await request(`${url}/storage/v1/object/authenticated/bench/big.bin`, 'GET', auth);
  const got = await drain(down, path.join(dir, 'download.bin'));
  const downMs = performance.now() - t;
  if (got !== bytes) throw new Error(`download: ${got} of ${bytes} bytes`);
  console.log(`  download (GET /object, disk -> stack -> file):     ${mbps(bytes, downMs)} MB/s (${(downMs / copyMs).toFixed(1)}x the copy's time)`);
  await rm(path.join(dir, 'download.bin'));

  console.log(`\nRange requests: ${RANGES} x 1 MiB at random offsets of the ${SIZE_MB} MiB object, one at a time`);
  const times: number[] = [];
  for (let i = 0; i < RANGES; i++) {
    const start = Math.floor(Math.random() * (bytes - MB));
    const t0 = performance.now();
    const res = await request(`${url}/storage/v1/object/authenticated/bench/big.bin`, 'GET', { ...auth, range: `bytes=${start}-${start + MB - 1}` });
    const n = await drain(res);
    times.push(performance.now() - t0);
    if (res.statusCode !== 206 || n !== MB) throw new Error(`range: ${res.statusCode}, ${n} bytes`);
  }
  times.sort((a, b) => a - b);
  console.log(`  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`);

  console.log(`\nResumable (TUS) upload of ${TUS_MB} MiB with tus-js-client, 6 MB chunks; stack RSS sampled every 100 ms`);
  const tusBytes = TUS_MB * MB;
  const before = await treeRssMb(stack.pid);
  let max = before;
  const sampler = setInterval(() => void treeRssMb(stack!.pid).then((mb) => (max = Math.max(max, mb))), 100);
  t = performance.now();
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(createReadStream(source, { end: tusBytes - 1 }), {
      endpoint: `${url}/storage/v1/upload/resumable`,
      headers: { ...auth, 'x-upsert': 'true' },
      uploadSize: tusBytes,
      chunkSize: 6 * 1024 * 1024,
      uploadDataDuringCreation: true,
      metadata: { bucketName: 'bench', objectName: 'tus.bin', contentType: 'video/mp4' },
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
  const tusMs = performance.now() - t;
  clearInterval(sampler);
  console.log(`  ${mbps(tusBytes, tusMs)} MB/s end to end (the last request reads the file back once for its MD5)`);
  console.log(`  stack RSS: ${before.toFixed(0)} MB before, ${max.toFixed(0)} MB at most during the upload (+${(max - before).toFixed(0)} MB for a ${TUS_MB} MiB file)`);
  console.log(`\nload average after: ${load()}`);
} finally {
  await stack?.stop();
  await scratch.drop();
  await rm(dir, { recursive: true, force: true });
}
process.exit();
