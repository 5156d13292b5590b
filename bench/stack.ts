// `npm run bench:stack`: the figures issue 2 asks for, printed; not a test (timings are noisy).
import { benchRpc } from './rpc.ts';
import { benchStartup, benchStartupOnServer } from './startup.ts';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (n: number) => n.toFixed(1);

console.log('RPC: authenticated call returning 20 rows, 50 connections, Postgres server');
const rpc = await benchRpc(databaseUrl);
console.log(`  stack   : ${rpc.stack.requestsPerSecond} req/s  p50 ${rpc.stack.p50} ms  p99 ${rpc.stack.p99} ms  errors ${rpc.stack.errors}`);
console.log(`  ceiling : ${rpc.ceiling.requestsPerSecond} req/s  p50 ${rpc.ceiling.p50} ms  p99 ${rpc.ceiling.p99} ms  errors ${rpc.ceiling.errors}`);
console.log(`  bare SQL without role/RLS (context): ${rpc.bare.requestsPerSecond} req/s  p50 ${rpc.bare.p50} ms  p99 ${rpc.bare.p99} ms`);
const ratio = rpc.stack.requestsPerSecond / rpc.ceiling.requestsPerSecond;
const p99x = rpc.stack.p99 / Math.max(rpc.ceiling.p99, 1);
console.log(`  throughput ${fmt(ratio * 100)}% of ceiling (target >= 60%), p99 ${fmt(p99x)}x ceiling (target <= 3x)`);

try {
  const { benchRealtime } = await import('./realtime.ts');
  console.log('\nRealtime: 100 subscribers, commit-to-client latency');
  const rt = await benchRealtime({ databaseUrl });
  console.log(`  ${rt.subscribers} subscribers, ${rt.messages} changes: p50 ${fmt(rt.p50)} ms  p99 ${fmt(rt.p99)} ms (target p99 <= 50 ms)`);
} catch (e) {
  console.log(`\nRealtime benchmark could not run: ${(e as Error).message}`);
  process.exitCode = 1;
}

console.log('\nStartup on an existing .data (PGlite) and idle memory');
const s = await benchStartup();
console.log(`  first start ${Math.round(s.firstMs)} ms; ready again in ${Math.round(s.readyMs)} ms (target <= 5000); idle RSS ${Math.round(s.rssMb)} MB (target <= 300)`);
const server = await benchStartupOnServer(databaseUrl);
console.log(`  on the Postgres server: ready again in ${Math.round(server.readyMs)} ms; idle RSS ${Math.round(server.rssMb)} MB`);
process.exit();
