import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, QueryResult, Queryable } from './database.ts';
import type { DataDirLock } from './data-dir-lock.ts';
import { entriesOf, inspectDataDir, lockDataDir, openFailure, undoFailedOpen, type DataDirState } from './data-dir.ts';
import { Mutex } from './mutex.ts';

/**
 * The contrib extensions the migrations may create (Supabase ships them all), and amcheck, which
 * db:check creates for the length of its check only (local/backup/check.ts).
 */
const contribExtensions = { pg_trgm, pgcrypto, unaccent, amcheck };

/**
 * PGlite hands each extension's library (.so) to Emscripten's preload plugin, which instantiates them all at
 * once, asynchronously. Emscripten's dynamic linker is not safe for that: when one library finishes, it
 * resolves every unresolved entry of the shared global offset table, including those of a library still being
 * instantiated, and sets that library's not-yet-exported symbols to 0 (or throws). The victim's preload then
 * fails, and the table keeps the zeros: in pgcrypto, OpenSSL's built-in provider table gets a null init
 * function, so every digest fails ("Unsupported digest algorithm") for the life of the instance. It struck about
 * one fresh start in thirty (decision 0059). With `noWasmDecoding` the plugin leaves .so files alone and each
 * library is loaded synchronously by dlopen at first use, one at a time: no race, and an unused one (amcheck
 * outside db:check) is never instantiated. Passed as an extension because only an extension's setup may change
 * the Emscripten options PGlite starts with.
 */
const loadLibrariesOneAtATime = {
  name: 'load-libraries-one-at-a-time',
  setup: async (_pg: unknown, emscriptenOpts: Record<string, unknown>) => ({
    emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true },
  }),
};

const extensions = { loadLibrariesOneAtATime, ...contribExtensions };

/**
 * Postgres's default shared_buffers (128 MB) is touched at start inside PGlite's wasm memory and so stays
 * resident for the life of the process; 16 MB holds a development database many times over and keeps the
 * idle stack under issue 2's 300 MB (decision 0008).
 */
const SHARED_BUFFERS = '16MB';
const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

/**
 * Embedded Postgres (PGlite). It has a single session, so a mutex hands it to one caller at a time:
 * a request's transaction never interleaves with another's.
 *
 * PGlite is one process's private Postgres: a second process opening the same files loses writes and can
 * leave them unopenable. So dataDir is locked first (or the caller passes the lock it already holds, as
 * db:reset does) and stays locked until close(). A new database is created only in a directory that is
 * missing or empty (see inspectDataDir).
 */
export async function openPglite(dataDir: string | undefined, opts: { lock?: DataDirLock } = {}): Promise<Database> {
  let dirLock: DataDirLock | undefined;
  let state: DataDirState | undefined;
  let namesBefore = new Set<string>();
  if (dataDir) {
    // Looked at before locking: the lock file is a write, and a refused directory must be left as it was.
    inspectDataDir(dataDir);
    dirLock = opts.lock ?? lockDataDir(dataDir);
    try {
      // Again under the lock: another start may have created (or filled) the directory in between.
      state = inspectDataDir(dataDir);
    } catch (e) {
      dirLock.release();
      throw e;
    }
    namesBefore = entriesOf(dataDir);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions, startParams });
  } catch (e) {
    if (dataDir && state) undoFailedOpen(dataDir, state, namesBefore);
    dirLock?.release();
    throw dataDir ? openFailure(dataDir, e) : e;
  }
  const lock = new Mutex();

  const raw: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params ?? []);
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } as QueryResult<T>;
    },
    async exec(sql: string) {
      const results = await pg.exec(sql);
      return results.map((r) => ({ rows: r.rows as Record<string, unknown>[], fields: r.fields, affectedRows: r.affectedRows }));
    },
  };

  const db: Database = {
    kind: 'pglite',
    query: (sql, params) => lock.run(() => raw.query(sql, params)),
    exec: (sql) => lock.run(() => raw.exec(sql)),
    withConnection: (fn) => lock.run(() => fn(raw)),
    transaction: (fn) =>
      lock.run(async () => {
        await raw.exec('begin');
        try {
          const out = await fn(raw);
          await raw.exec('commit');
          return out;
        } catch (e) {
          await raw.exec('rollback');
          throw e;
        }
      }),
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => {
        await unsub();
      };
    },
    // A copy of the data directory at one instant: under the mutex no transaction is open, so every write
    // acknowledged before the call is in it, and none half-done. The checkpoint leaves little WAL to replay.
    dumpDataDir: () =>
      lock.run(async () => {
        await pg.exec('checkpoint');
        return pg.dumpDataDir('gzip');
      }),
    async close() {
      try {
        await pg.close();
      } finally {
        dirLock?.release();
      }
    },
  };
  return db;
}
