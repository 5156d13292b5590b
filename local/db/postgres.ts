import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database.ts';
import { redact } from './redact.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { ResilientListener } from './resilient-listener.ts';

/** Rows as text and JSON as strings are parsed by pg's default type parsers, like PGlite does. */
function wrap(client: pg.ClientBase | pg.Pool): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await client.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as T[], fields: r.fields, affectedRows: r.rowCount ?? undefined } as QueryResult<T>;
    },
    async exec(sql: string) {
      const r = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const list = Array.isArray(r) ? r : [r];
      return list.map((x) => ({ rows: x.rows, fields: x.fields ?? [], affectedRows: x.rowCount ?? undefined }));
    },
  };
}

export interface PostgresOptions {
  /** Pool size; PostgREST's default is 10, benchmarks raise it. */
  max?: number;
}

/** A Postgres server through a connection pool. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20, application_name: 'local-supabase' });
  // A failing idle client must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  const check = await pool.connect().catch((e: Error) => {
    throw Object.assign(new Error(`cannot reach the database at ${redact(url)}: ${e.message}`), { code: 'DB_UNREACHABLE' });
  });
  check.release();
  const listeners = new Set<ResilientListener>();

  const withConnection = async <T>(fn: (c: Queryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    // A checked-out client has no 'error' listener of the pool's: a server that stops (or a connection that
    // drops) under a request would otherwise be an uncaught 'error' event, and take the process down.
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      return await fn(wrap(client));
    } catch (e) {
      // A connection-level failure (no SQLSTATE, or an outage's: 57P01, ECONNRESET): do not reuse the client.
      broken ||= !(e as { code?: string }).code || isDatabaseUnavailable(e);
      throw e;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  };

  return {
    kind: 'postgres',
    ...wrap(pool),
    withConnection,
    transaction: (fn) =>
      withConnection(async (c) => {
        await c.exec('begin');
        try {
          const out = await fn(c);
          await c.exec('commit');
          return out;
        } catch (e) {
          await c.exec('rollback').catch(() => undefined);
          throw e;
        }
      }),
    async listen(channel, onPayload, listenOptions) {
      const listener = new ResilientListener(url, channel, onPayload, listenOptions);
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  };
}
