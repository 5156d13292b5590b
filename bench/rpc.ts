import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../local/config.ts';
import pg from 'pg';
import { signJwt } from '../local/jwt.ts';
import { callStatement } from '../local/rest/call-statement.ts';
import { restSettings } from '../local/rest/exposed-schemas.ts';
import { FunctionCatalog } from '../local/rest/function-catalog.ts';
import { parseQueryParams } from '../local/rest/query-params.ts';
import { buildReadPlan } from '../local/rest/read-plan.ts';
import { topLevelRange } from '../local/rest/row-range.ts';
import { rpcScript } from '../local/rest/rpc.ts';
import { startTestStack } from '../testkit/test-stack.ts';

const execFileAsync = promisify(execFile);
const autocannonCli = path.join(repoRoot, 'node_modules/autocannon/autocannon.js');
const OWNER = '0b0b0b0b-0000-4000-8000-000000000001';

/** 2,000 rows for 100 owners under RLS, and an api function returning one owner's first 20. */
const FIXTURE = `
create schema if not exists api;
create schema bench;
create table bench.items (id serial primary key, owner uuid not null, title text not null, price_cents int not null, created_at timestamptz not null default now());
create index on bench.items (owner, id);
alter table bench.items enable row level security;
create policy "Owners read their items" on bench.items for select to authenticated using (owner = (select auth.uid()));
grant usage on schema bench to authenticated;
grant select on bench.items to authenticated;
insert into bench.items (owner, title, price_cents)
  select case when g % 100 = 0 then '${OWNER}'::uuid else gen_random_uuid() end, 'Item ' || g, g * 10
  from generate_series(1, 2000) g;
create function api.bench_items() returns setof bench.items language sql stable
  as $$ select * from bench.items order by id limit 20 $$;
grant execute on function api.bench_items() to authenticated;
`;
/** The same rows without role, claims or RLS: what Postgres alone gives (for context only). */
const BARE_SQL = `select coalesce(json_agg(i), '[]')::text as body from (select * from bench.items where owner = $1 order by id limit 20) i`;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Load from a separate process, so the generator does not compete with the server for this thread. */
async function load(url: string, headers: Record<string, string>, method: 'GET' | 'POST', body?: string): Promise<Figures> {
  const run = async (duration: number): Promise<autocannon.Result> => {
    const args = [autocannonCli, '-j', '-c', '50', '-d', String(duration), '-m', method];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
    if (body !== undefined) args.push('-b', body);
    args.push(url);
    const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as autocannon.Result;
  };
  await run(2); // warm-up
  const r = await run(Number(process.env.BENCH_SECONDS ?? 8));
  return { requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * Authenticated RPC returning 20 rows at 50 concurrent connections against the Postgres server, next to
 * a bare Node http handler sending the same SQL on a pool of the same size (the ceiling: everything but
 * our HTTP, JWT and PostgREST work), and the same rows queried without role or RLS (context).
 */
export async function benchRpc(databaseUrl: string): Promise<{ stack: Figures; ceiling: Figures; bare: Figures }> {
  process.env.DATABASE_URL = databaseUrl;
  const t = await startTestStack();
  try {
    await t.database.db.exec(FIXTURE);
    const token = signJwt({ sub: OWNER, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, t.config.jwtSecret);
    const check = await fetch(`${t.url}/rest/v1/rpc/bench_items`, {
      method: 'POST',
      headers: { apikey: t.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Profile': 'api' },
      body: '{}',
    });
    const rows = (await check.json()) as unknown[];
    if (rows.length !== 20) throw new Error(`expected 20 rows, got ${JSON.stringify(rows).slice(0, 200)}`);

    const stackHeaders = { apikey: t.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-profile': 'api' };
    const stack = await load(`${t.url}/rest/v1/rpc/bench_items`, stackHeaders, 'POST', '{}');

    // The ceiling sends exactly the transaction the stack sends for this call, from a bare handler: built
    // by the same catalog, read plan and statement builder the RPC endpoint uses.
    const catalog = new FunctionCatalog(t.stack.ctx.db, ['api']);
    const [routine] = await catalog.find('api', 'bench_items');
    if (!routine) throw new Error('api.bench_items is not in the catalog');
    const range = topLevelRange({ limit: undefined, offset: undefined, rangeHeader: undefined, method: 'POST', maxRows: restSettings(t.config.supabaseDir).maxRows });
    const plan = buildReadPlan({ params: parseQueryParams('', false), schema: 'api', rootName: routine.returnTypeName, range });
    const script = rpcScript({
      roleSettings: await catalog.settingsOf('authenticated'),
      role: 'authenticated',
      claims: { sub: OWNER, role: 'authenticated', aud: 'authenticated', exp: 0 },
      method: 'POST',
      path: '/rest/v1/rpc/bench_items',
      headers: stackHeaders,
      schema: 'api',
      readOnly: true,
      call: callStatement({
        routine,
        keys: [],
        args: { kind: 'json', raw: '{}' },
        plan,
        count: false,
        format: { kind: 'json', strip: false, contentType: 'application/json; charset=utf-8' },
      }),
    });
    const pool = new pg.Pool({ connectionString: t.database.url, max: 50 });
    // An idle client's error (a backend ended under load) must not end the bench: a failed query counts as an error.
    pool.on('error', () => undefined);
    const ceiling = await serveAndLoad(async () => {
      const results = (await pool.query(script)) as unknown as pg.QueryResult[];
      return String(results[2]!.rows[0].body);
    });
    const bare = await serveAndLoad(async () => String((await pool.query(BARE_SQL, [OWNER])).rows[0].body));
    await pool.end();
    return { stack, ceiling, bare };
  } finally {
    await t.close();
  }
}

/** A minimal Node http handler answering every request with the body the callback queries. */
async function serveAndLoad(query: () => Promise<string>): Promise<Figures> {
  const server = http.createServer((_req, res) => {
    query().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(body);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await load(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, 'GET');
  } finally {
    server.close();
  }
}
