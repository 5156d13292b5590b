/** One column of a result, as both drivers describe it. */
export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  fields: Field[];
  /** Rows touched by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows?: number;
}

/** Something SQL can be sent to: the database itself or one reserved connection. */
export interface Queryable {
  /** One statement with $1..$n parameters (extended protocol). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters in one round trip (simple protocol); one result per statement. */
  exec(sql: string): Promise<QueryResult[]>;
}

/**
 * The stack's view of Postgres, the same over embedded PGlite and a Postgres server, so every service
 * (auth, rpc, realtime) is written once.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Reserves one connection for the callback; PGlite has a single one, so callers queue. */
  withConnection<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>;
  /** Runs the callback in BEGIN/COMMIT, rolling back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; returns the function that stops listening. On a server the listening connection
   * is re-established when lost (a restart): notifications sent meanwhile are lost, so `onResume` is called
   * once listening again, for the caller to catch up from its tables.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Embedded PGlite only: its data directory as a gzipped tar, taken at one consistent instant (db:backup). */
  dumpDataDir?(): Promise<Blob>;
}

export interface ListenOptions {
  /** Called after a lost listening connection is listening again (never on PGlite, which has no connection). */
  onResume?: () => void;
  /** Where the loss and the recovery are said (console.log when not given). */
  log?: (line: string) => void;
}

/** A Postgres error as both drivers surface it (SQLSTATE in `code`). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

/** Quotes a string as an SQL literal; standard_conforming_strings is on in every supported server. */
export function literal(value: string): string {
  if (value.includes('\0')) throw Object.assign(new Error('string contains a NUL byte'), { code: '22021' });
  return `'${value.replace(/'/g, "''")}'`;
}

/** Quotes an identifier. */
export function ident(name: string): string {
  if (name.includes('\0')) throw Object.assign(new Error('identifier contains a NUL byte'), { code: '22021' });
  return `"${name.replace(/"/g, '""')}"`;
}
