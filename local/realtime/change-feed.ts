import type { Database } from '../db/database.ts';
import { ident, literal } from '../db/database.ts';
import type { Logger } from '../context.ts';
import { Mutex } from '../db/mutex.ts';
import { installCapture, NOTIFY_CHANNEL, PUBLICATION, syncCaptureTriggers, type PublishedTable } from './capture.ts';
import { filtersOnRecordSql, type Filter } from './filters.ts';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

/** The channel side of a subscription: whose claims decide RLS, and how a change reaches the socket. */
export interface SubscriberChannel {
  role: string;
  /** JSON of the JWT claims (request.jwt.claims). */
  claimsJson: string;
  /**
   * `frames` is shared by the channels given the same change and data: one encoded frame per topic and ids
   * serves them all (1,000 subscribers of one channel name get the very same bytes).
   */
  deliver(ids: number[], dataJson: string, frames: Map<string, Buffer>): void;
}

/** One postgres_changes binding of a joined channel. */
export interface Subscription {
  id: number;
  event: '*' | ChangeEvent;
  /** '*' matches every published schema / table. */
  schema: string;
  table: string;
  filters: Filter[];
  channel: SubscriberChannel;
}

interface ChangeRow {
  id: string;
  relid: string;
  schema_name: string;
  table_name: string;
  op: ChangeEvent;
  record: string | null;
  old_record: string | null;
  columns: string;
  ts: string;
  rls: boolean;
  replident: string;
  pk: string | null;
  key: string | null;
  old_key: string | null;
  privs: string | null;
}

/** Realtime truncates records whose change exceeds this (walrus' max_record_bytes default). */
const MAX_RECORD_BYTES = 1024 * 1024;
const BATCH = 500;
/** On a Postgres server, the claims groups of a batch are checked in up to this many parts at once ... */
const RLS_PARALLEL = 4;
/** ... of at least this many groups each (below, one round trip costs more than the split saves). */
const RLS_PART_MIN = 100;

const DRAIN_SQL = `select * from _realtime.take_changes($1::jsonb, ${BATCH})`;

const PRIVILEGES_SQL = `
select x.role, x.relid,
       (select coalesce(jsonb_object_agg(a.attname,
                 case when to_regrole(x.role) is null then false
                      else has_column_privilege(x.role, x.relid::oid, a.attnum, 'SELECT') end), '{}'::jsonb)
          from pg_catalog.pg_attribute a
         where a.attrelid = x.relid::oid and a.attnum > 0 and not a.attisdropped)::text as cols
  from jsonb_to_recordset($1::jsonb) as x(role text, relid text)`;

/**
 * Reads captured changes and fans them out to subscriptions: event and filter matching, RLS per claims
 * group for INSERT/UPDATE (DELETE skips RLS as in Supabase), column privileges, payloads as Realtime
 * builds them.
 */
export class ChangeFeed {
  readonly subscriptions = new Set<Subscription>();
  #db: Database;
  #log: Logger;
  #published = new Map<string, PublishedTable>();
  #syncLock = new Mutex();
  #draining = false;
  #again = false;
  #closed = false;
  #unlisten: (() => Promise<void>) | undefined;
  #poll: NodeJS.Timeout | undefined;
  #idle: Promise<void> = Promise.resolve();
  #batch: (deliverAll: () => void) => void;

  /** `batch` runs a batch's deliveries, so the hub can send each socket's frames together. */
  constructor(db: Database, log: Logger, batch: (deliverAll: () => void) => void = (deliverAll) => deliverAll()) {
    this.#db = db;
    this.#log = log;
    this.#batch = batch;
  }

  async start(): Promise<void> {
    await installCapture(this.#db);
    await this.sync();
    // After a lost LISTEN connection (a server restart) the queue is read at once, not at the next poll.
    this.#unlisten = await this.#db.listen(NOTIFY_CHANNEL, () => this.schedule(), { log: this.#log, onResume: () => this.schedule() });
    // Changes queued while no service ran have no subscriber to go to.
    await this.#db.query('delete from _realtime.changes');
    // A safety net for a lost notification (e.g. a dropped LISTEN connection).
    this.#poll = setInterval(() => {
      if (this.subscriptions.size) this.schedule();
    }, 2000);
    this.#poll.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#poll) clearInterval(this.#poll);
    await this.#unlisten?.().catch(() => undefined);
    await this.#idle.catch(() => undefined);
  }

  /** Re-reads the publication and installs missing capture triggers. */
  sync(): Promise<void> {
    return this.#syncLock.run(async () => {
      const tables = await syncCaptureTriggers(this.#db);
      this.#published = new Map(tables.map((t) => [`${t.schema}.${t.table}`, t]));
    });
  }

  /** Published tables matching a binding's schema and table ('*' = any), syncing first when none is known. */
  async resolveTables(schema: string, table: string): Promise<PublishedTable[]> {
    const match = () =>
      [...this.#published.values()].filter((t) => (schema === '*' || t.schema === schema) && (table === '*' || t.table === table));
    let found = match();
    if (!found.length || schema === '*' || table === '*') {
      await this.sync();
      found = match();
    }
    return found;
  }

  /** Throws the database's error when a filter names a missing column or a value the column type rejects. */
  async checkFilters(tables: PublishedTable[], filters: Filter[]): Promise<void> {
    if (!filters.length) return;
    for (const t of tables) {
      await this.#db.query(`select ${filtersOnRecordSql(t.schema, t.table, filters, literal('{}'))} limit 0`);
    }
  }

  schedule(): void {
    if (this.#closed) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = true;
    this.#idle = (async () => {
      try {
        do {
          this.#again = false;
          while (!this.#closed && (await this.#drainOnce()) === BATCH) {
            /* a full batch: more may be queued */
          }
        } while (this.#again && !this.#closed);
      } catch (e) {
        if (!this.#closed) this.#log(`realtime: change feed error: ${(e as Error).message}`);
      } finally {
        this.#draining = false;
      }
    })();
  }

  async #drainOnce(): Promise<number> {
    if (!this.subscriptions.size) {
      await this.#db.query('delete from _realtime.changes');
      return 0;
    }
    const roles = [...new Set([...this.subscriptions].map((s) => s.channel.role))];
    const { rows } = await this.#db.query<ChangeRow>(DRAIN_SQL, [JSON.stringify(roles)]);
    if (rows.length) await this.#fanOut(rows);
    return rows.length;
  }

  async #fanOut(changes: ChangeRow[]): Promise<void> {
    const subs = [...this.subscriptions];
    // 1. Event, schema and table.
    const candidates = changes.map((c) =>
      subs.filter(
        (s) =>
          (s.event === '*' || s.event === c.op) &&
          (s.schema === '*' || s.schema === c.schema_name) &&
          (s.table === '*' || s.table === c.table_name),
      ),
    );
    // 2. Filters, evaluated by Postgres on the captured record (old record for DELETE) so types compare right.
    const filterExprs: string[] = [];
    const filterIndex = new Map<string, number>();
    changes.forEach((c, i) => {
      for (const s of candidates[i]!) {
        if (!s.filters.length) continue;
        const key = `${i}:${JSON.stringify(s.filters)}`;
        if (filterIndex.has(key)) continue;
        const json = c.op === 'DELETE' ? c.old_record : c.record;
        filterIndex.set(key, filterExprs.length);
        filterExprs.push(filtersOnRecordSql(c.schema_name, c.table_name, s.filters, literal(json ?? '{}')));
      }
    });
    const filterResults = await this.#evaluate(filterExprs);
    const passed = candidates.map((list, i) =>
      list.filter((s) => !s.filters.length || filterResults[filterIndex.get(`${i}:${JSON.stringify(s.filters)}`)!] === true),
    );

    // 3. Column privileges per role and table (read with the batch; queried again for a role that appeared since).
    const privileges = new Map<string, Record<string, boolean>>();
    const missing = new Map<string, { role: string; relid: string }>();
    const parsedPrivs = new Map<string, Record<string, Record<string, boolean>>>();
    changes.forEach((c, i) => {
      let byRole = parsedPrivs.get(c.relid);
      if (!byRole) parsedPrivs.set(c.relid, (byRole = c.privs ? (JSON.parse(c.privs) as Record<string, Record<string, boolean>>) : {}));
      for (const s of passed[i]!) {
        const key = `${s.channel.role}\u0000${c.relid}`;
        const cols = byRole[s.channel.role];
        if (cols) privileges.set(key, cols);
        else missing.set(key, { role: s.channel.role, relid: c.relid });
      }
    });
    if (missing.size) {
      const priv = await this.#db.query<{ role: string; relid: string; cols: string }>(PRIVILEGES_SQL, [
        JSON.stringify([...missing.values()]),
      ]);
      for (const r of priv.rows) privileges.set(`${r.role}\u0000${r.relid}`, JSON.parse(r.cols) as Record<string, boolean>);
    }

    // 4. RLS for INSERT/UPDATE on tables with row security: one call per table, one lookup per claims group.
    const visible = await this.#rlsVisibility(changes, passed, privileges);

    // 5. Payloads (per role: column privileges shape them) and delivery, one message per channel.
    this.#batch(() => changes.forEach((c, i) => {
      const byChannel = new Map<SubscriberChannel, number[]>();
      const payloads = new Map<string, string>();
      const framesByRole = new Map<string, Map<string, Buffer>>();
      const needsRls = c.rls && c.op !== 'DELETE';
      const pk = c.pk ? (JSON.parse(c.pk) as string[]) : [];
      for (const s of passed[i]!) {
        const cols = privileges.get(`${s.channel.role}\u0000${c.relid}`) ?? {};
        const pkOk = pk.length > 0 && pk.every((k) => cols[k]);
        if (c.op === 'DELETE' || pkOk) {
          if (needsRls && !visible.get(i)?.has(s.channel.claimsJson)) continue;
        }
        const ids = byChannel.get(s.channel) ?? [];
        if (!ids.includes(s.id)) ids.push(s.id);
        byChannel.set(s.channel, ids);
        if (!payloads.has(s.channel.role)) payloads.set(s.channel.role, buildData(c, cols));
      }
      for (const [channel, ids] of byChannel) {
        try {
          let frames = framesByRole.get(channel.role);
          if (!frames) framesByRole.set(channel.role, (frames = new Map()));
          channel.deliver(ids, payloads.get(channel.role)!, frames);
        } catch (e) {
          this.#log(`realtime: delivery failed: ${(e as Error).message}`);
        }
      }
    }));
  }

  /** Evaluates boolean expressions in one round trip; on error, one by one (a failing one is false). */
  async #evaluate(exprs: string[]): Promise<boolean[]> {
    if (!exprs.length) return [];
    const one = async (list: string[]) => {
      const r = await this.#db.query<Record<string, boolean>>(`select ${list.map((e, i) => `${e} as f${i}`).join(', ')}`);
      return list.map((_, i) => r.rows[0]?.[`f${i}`] === true);
    };
    try {
      return await one(exprs);
    } catch {
      return Promise.all(exprs.map((e) => one([e]).then((r) => r[0]!, () => false)));
    }
  }

  async #rlsVisibility(
    changes: ChangeRow[],
    passed: Subscription[][],
    privileges: Map<string, Record<string, boolean>>,
  ): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    const byTable = new Map<string, { schema: string; table: string; items: number[]; groups: Map<string, string> }>();
    changes.forEach((c, i) => {
      if (!c.rls || c.op === 'DELETE' || !c.key) return;
      const pk = c.pk ? (JSON.parse(c.pk) as string[]) : [];
      for (const s of passed[i]!) {
        const cols = privileges.get(`${s.channel.role}\u0000${c.relid}`) ?? {};
        if (!pk.every((k) => cols[k])) continue;
        let t = byTable.get(c.relid);
        if (!t) byTable.set(c.relid, (t = { schema: c.schema_name, table: c.table_name, items: [], groups: new Map() }));
        if (!t.items.includes(i)) t.items.push(i);
        t.groups.set(s.channel.claimsJson, s.channel.role);
      }
    });
    for (const t of byTable.values()) {
      // Grouped by role, so the lookup switches role only between groups of different roles.
      const groups = [...t.groups.entries()].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      const keys = `[${t.items.map((i) => changes[i]!.key).join(',')}]`;
      const rel = `${ident(t.schema)}.${ident(t.table)}`;
      const sql = 'select grp, ords from _realtime.visible_keys($1::regclass, $2::jsonb, $3::jsonb, $4)';
      // A Postgres server runs the claims groups' lookups on several connections at once (one lookup per
      // group is the cost of a batch: ~1,000 at 1,000 subscribers); PGlite has one session.
      const parts = this.#db.kind === 'postgres' ? Math.min(RLS_PARALLEL, Math.ceil(groups.length / RLS_PART_MIN)) : 1;
      const size = Math.ceil(groups.length / parts);
      const lookups = Array.from({ length: parts }, async (_, p) => {
        const offset = p * size;
        const part = groups.slice(offset, offset + size);
        const params = [rel, keys, JSON.stringify(part.map(([claims, role]) => ({ role, claims })))];
        // A policy that errors for some claims fails the fast pass; the safe pass isolates each group.
        const { rows } = await this.#db
          .query<{ grp: number; ords: number[] | string }>(sql, [...params, false])
          .catch(() => this.#db.query<{ grp: number; ords: number[] | string }>(sql, [...params, true]));
        return rows.map((r) => ({ grp: offset + r.grp, ords: r.ords }));
      });
      for (const r of (await Promise.all(lookups)).flat()) {
        const claims = groups[r.grp]?.[0];
        if (claims === undefined) continue;
        for (const ord of parseIntArray(r.ords)) {
          const i = t.items[ord - 1];
          if (i === undefined) continue;
          let set = out.get(i);
          if (!set) out.set(i, (set = new Set()));
          set.add(claims);
        }
      }
    }
    return out;
  }
}

/** int[] as either driver returns it (array, or '{1,2}' text). */
function parseIntArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = String(v).replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

function pick(json: string, keep: (name: string) => boolean): string {
  const obj = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(obj).filter(([k]) => keep(k))));
}

/** Drops values over 64 bytes of text, as walrus does when a change exceeds max_record_bytes. */
function truncateLarge(json: string): string {
  const obj = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(obj).filter(([, v]) => Buffer.byteLength(typeof v === 'string' ? v : JSON.stringify(v) ?? '') <= 64),
    ),
  );
}

/** The `data` of a postgres_changes message, shaped like Realtime's NewRecord/UpdatedRecord/DeletedRecord. */
export function buildData(c: ChangeRow, cols: Record<string, boolean>): string {
  const head = `"schema":${JSON.stringify(c.schema_name)},"table":${JSON.stringify(c.table_name)},"type":"${c.op}"`;
  const pk = c.pk ? (JSON.parse(c.pk) as string[]) : [];
  if (c.op !== 'DELETE') {
    if (!pk.length) return error(head, c.op, 'Error 400: Bad Request, no primary key');
    if (!pk.every((k) => cols[k])) return error(head, c.op, 'Error 401: Unauthorized');
  }
  const all = Object.values(cols).every(Boolean);
  const allowed = (k: string) => cols[k] === true;
  const columns = all ? c.columns : JSON.stringify((JSON.parse(c.columns) as { name: string }[]).filter((x) => allowed(x.name)));
  const shape = (json: string | null) => (json === null ? '{}' : all ? json : pick(json, allowed));
  const tooLarge = (c.record?.length ?? 0) + (c.old_record?.length ?? 0) > MAX_RECORD_BYTES;
  const fit = (json: string) => (tooLarge ? truncateLarge(json) : json);

  let oldRecord: string | undefined;
  if (c.op !== 'INSERT') {
    const full = c.replident === 'f' && !(c.op === 'DELETE' && c.rls);
    oldRecord = c.replident === 'n' ? '{}' : full ? shape(c.old_record) : shape(c.old_key ?? '{}');
  }
  let data = `{${head},"commit_timestamp":${JSON.stringify(c.ts)},"columns":${columns}`;
  if (c.op !== 'DELETE') data += `,"record":${fit(shape(c.record))}`;
  if (oldRecord !== undefined) data += `,"old_record":${fit(oldRecord)}`;
  data += `,"errors":${tooLarge ? '["Error 413: Payload Too Large"]' : 'null'}}`;
  return data;
}

function error(head: string, op: ChangeEvent, message: string): string {
  const old = op === 'INSERT' ? '' : ',"old_record":{}';
  return `{${head},"commit_timestamp":null,"columns":[],"record":{}${old},"errors":[${JSON.stringify(message)}]}`;
}

export { PUBLICATION };
