import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { signJwt } from '../local/jwt.ts';
import { startTestStack } from '../local/testing/test-stack.ts';

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
const CEILING_SQL = `select coalesce(json_agg(i), '[]')::text as body from (select * from bench.items where owner = $1 order by id limit 20) i`;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, method: 'GET' | 'POST', body?: string): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({ url, connections: 50, duration, method, headers, body });
  await run(2); // warm-up
  const r = await run(Number(process.env.BENCH_SECONDS ?? 8));
  return { requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * Authenticated RPC returning 20 rows at 50 concurrent connections against the Postgres server, next to
 * a bare Node http handler running the same SQL on a pool of the same size (the ceiling).
 */
export async function benchRpc(databaseUrl: string): Promise<{ stack: Figures; ceiling: Figures }> {
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

    const stack = await load(
      `${t.url}/rest/v1/rpc/bench_items`,
      { apikey: t.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-profile': 'api' },
      'POST',
      '{}',
    );

    const pool = new pg.Pool({ connectionString: t.database.url, max: 50 });
    const server = http.createServer((_req, res) => {
      pool.query(CEILING_SQL, [OWNER]).then(
        (r) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(r.rows[0].body);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const ceiling = await load(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, 'GET');
    server.close();
    await pool.end();
    return { stack, ceiling };
  } finally {
    await t.close();
  }
}
