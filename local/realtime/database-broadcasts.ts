import type { Logger } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { UserBroadcast } from './serializer.ts';

/**
 * Broadcast from the database: hosted Realtime streams inserts into realtime.messages through a logical
 * replication slot and broadcasts each as a user broadcast with meta {id}. Without replication (decision
 * 0004) a row trigger NOTIFYs the new row's key at commit and the service reads the row back. Rows without
 * an event (the probes of the policy checks, which are rolled back anyway) are never announced. Every
 * service listening on the database gets every message, as every Realtime node does through its pubsub.
 */

export const MESSAGES_CHANNEL = '_realtime_messages';
const TRIGGER = '_realtime_broadcast';

const INSTALL_SQL = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;

-- Runs for inserts by any role (realtime.send runs as its caller), so it is security definer. The key,
-- not the row, goes into the payload: NOTIFY payloads are limited to 8000 bytes.
create or replace function _realtime.announce_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('${MESSAGES_CHANNEL}',
    new.id::text || ' ' || pg_catalog.to_char(new.inserted_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'));
  return null;
end
$$;
revoke all on function _realtime.announce_message() from public;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_trigger where tgrelid = 'realtime.messages'::regclass and tgname = '${TRIGGER}') then
    create trigger ${TRIGGER} after insert on realtime.messages
      for each row when (new.event is not null) execute function _realtime.announce_message();
  end if;
end
$$;
`;

const READ_SQL = `
select m.id::text as id, m.topic, m.event, m.private, m.payload::text as payload,
       pg_catalog.encode(m.binary_payload, 'hex') as binary_payload
  from pg_catalog.jsonb_array_elements($1::jsonb) with ordinality as k(key, ord)
  join realtime.messages m on m.id = (k.key ->> 0)::uuid and m.inserted_at = (k.key ->> 1)::timestamp
 order by k.ord`;

interface MessageRow {
  id: string;
  topic: string | null;
  event: string | null;
  private: boolean | null;
  payload: string | null;
  binary_payload: string | null;
}

/** One message as hosted broadcasts it: to the public or private topic, framed as a user broadcast. */
export interface DatabaseMessage {
  topic: string;
  isPrivate: boolean;
  broadcast: UserBroadcast;
}

const BATCH = 500;

/** The announcement's timestamp format: text that sorts as the timestamps do. */
const AT_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US'`;

/**
 * How far before the newest message seen a catch-up looks: a message's inserted_at is its transaction's
 * start, so one committed while the listener was away may carry an earlier time than messages already seen.
 */
const CATCH_UP_MARGIN_MS = 60_000;

/** A message id already delivered (or on its way) is remembered this long past the newest, to skip repeats. */
const REMEMBER_MS = 2 * CATCH_UP_MARGIN_MS;

const CATCH_UP_SQL = `
select m.id::text as id, pg_catalog.to_char(m.inserted_at, ${AT_FORMAT}) as at
  from realtime.messages m
 where m.inserted_at >= $1::timestamp and m.event is not null
 order by m.inserted_at, m.id`;

export class DatabaseBroadcasts {
  #db: Database;
  #log: Logger;
  /** Gets each batch read back at once, so its writes to one socket can leave together. */
  #deliver: (messages: DatabaseMessage[]) => void;
  #pending: [string, string][] = [];
  #draining: Promise<void> | undefined;
  #closed = false;
  #unlisten: (() => Promise<void>) | undefined;
  /** Messages announced (id → inserted_at), so a catch-up never sends one twice. */
  #seen = new Map<string, string>();
  /** The newest inserted_at seen; a catch-up starts a margin before it. */
  #horizon = '';
  /** When this service started: a catch-up never replays what was sent before it. */
  #startedAt = '';
  /** The oldest inserted_at whose read-back failed, for the next catch-up. */
  #failedFrom: string | undefined;
  #catchingUp: Promise<void> | undefined;
  #catchUpAgain = false;
  #catchUpRetry: NodeJS.Timeout | undefined;

  constructor(db: Database, log: Logger, deliver: (messages: DatabaseMessage[]) => void) {
    this.#db = db;
    this.#log = log;
    this.#deliver = deliver;
  }

  async start(): Promise<void> {
    await this.#db.exec(INSTALL_SQL);
    const { rows } = await this.#db.query<{ at: string }>(`select pg_catalog.to_char(pg_catalog.now()::timestamp, ${AT_FORMAT}) as at`);
    this.#startedAt = this.#horizon = rows[0]!.at;
    // After a lost LISTEN connection (a server restart), what was announced meanwhile never comes: it is
    // read from realtime.messages, which keeps every message (hosted reads them from its WAL instead).
    this.#unlisten = await this.#db.listen(MESSAGES_CHANNEL, (payload) => this.#announced(payload), {
      log: this.#log,
      onResume: () => this.#catchUp(),
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#catchUpRetry) clearTimeout(this.#catchUpRetry);
    await this.#unlisten?.().catch(() => undefined);
    await this.#draining?.catch(() => undefined);
    await this.#catchingUp?.catch(() => undefined);
  }

  #announced(payload: string): void {
    const [id, at] = payload.split(' ');
    if (!id || !at || this.#closed) return;
    this.#enqueue(id, at);
  }

  /** Queues a message for reading back and delivery, once: a catch-up may find one already announced. */
  #enqueue(id: string, at: string): void {
    if (this.#seen.has(id)) return;
    this.#seen.set(id, at);
    if (at > this.#horizon) this.#horizon = at;
    if (this.#seen.size % 1000 === 0) this.#forgetOld();
    this.#pending.push([id, at]);
    this.#schedule();
  }

  #forgetOld(): void {
    const oldest = shift(this.#horizon, -REMEMBER_MS);
    for (const [id, at] of this.#seen) if (at < oldest) this.#seen.delete(id);
  }

  /**
   * Finds the messages inserted since a margin before the newest one seen (or the oldest whose read-back
   * failed) and delivers those not yet announced. Runs one at a time; a failure (the server still down)
   * retries with backoff.
   */
  #catchUp(attempt = 0): void {
    if (this.#closed) return;
    if (this.#catchingUp) {
      this.#catchUpAgain = true;
      return;
    }
    const from = this.#failedFrom !== undefined && this.#failedFrom < this.#horizon ? this.#failedFrom : this.#horizon;
    const since = maxOf(shift(from, -CATCH_UP_MARGIN_MS), this.#startedAt);
    this.#failedFrom = undefined;
    this.#catchingUp = this.#readMissed(since).then(
      () => {
        this.#catchingUp = undefined;
        if (this.#catchUpAgain && !this.#closed) {
          this.#catchUpAgain = false;
          this.#catchUp();
        }
      },
      (e: Error) => {
        this.#catchingUp = undefined;
        if (this.#closed) return;
        if (this.#failedFrom === undefined || since < this.#failedFrom) this.#failedFrom = since;
        this.#log(`realtime: catching up on database broadcasts failed (${e.message}); retrying`);
        this.#catchUpRetry = setTimeout(() => this.#catchUp(attempt + 1), Math.min(500 * 2 ** attempt, 10_000));
        this.#catchUpRetry.unref();
      },
    );
  }

  async #readMissed(since: string): Promise<void> {
    const { rows } = await this.#db.query<{ id: string; at: string }>(CATCH_UP_SQL, [since]);
    let found = 0;
    for (const row of rows) {
      if (this.#seen.has(row.id)) continue;
      found++;
      this.#enqueue(row.id, row.at);
    }
    if (found) this.#log(`realtime: caught up on ${found} database broadcast${found === 1 ? '' : 's'} sent while not listening`);
    this.#forgetOld();
  }

  #schedule(): void {
    if (this.#draining || this.#closed) return;
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
      // Announced after the loop's last look: drain again.
      if (this.#pending.length) this.#schedule();
    });
  }

  /** Reads announced rows in batches, in the order they were announced. */
  async #drain(): Promise<void> {
    while (this.#pending.length && !this.#closed) {
      const keys = this.#pending.splice(0, BATCH);
      try {
        const { rows } = await this.#db.query<MessageRow>(READ_SQL, [JSON.stringify(keys)]);
        const messages: DatabaseMessage[] = [];
        for (const row of rows) {
          const message = toMessage(row);
          if (message) messages.push(message);
        }
        if (messages.length) this.#deliver(messages);
      } catch (e) {
        if (this.#closed) return;
        this.#log(`realtime: UnableToBroadcastChanges: ${(e as Error).message}`);
        // Not lost: forgotten as seen and found again by a catch-up once the database answers.
        for (const [id, at] of keys) {
          this.#seen.delete(id);
          if (this.#failedFrom === undefined || at < this.#failedFrom) this.#failedFrom = at;
        }
        this.#catchUp();
      }
    }
  }
}

/** What hosted requires of a row before broadcasting it: event, topic, private and a payload. */
function toMessage(row: MessageRow): DatabaseMessage | undefined {
  if (row.event === null || row.topic === null || row.private === null) return undefined;
  let broadcast: UserBroadcast;
  if (row.binary_payload !== null) {
    broadcast = { event: row.event, payload: Buffer.from(row.binary_payload, 'hex'), binary: true, meta: { id: row.id } };
  } else if (row.payload !== null) {
    broadcast = { event: row.event, payload: JSON.parse(row.payload) as unknown, binary: false, meta: { id: row.id } };
  } else {
    return undefined;
  }
  return { topic: row.topic, isPrivate: row.private, broadcast };
}

/** An announcement timestamp (text, without time zone) moved by ms; the arithmetic is done as if in UTC. */
function shift(at: string, ms: number): string {
  const t = Date.parse(`${at.slice(0, 23)}Z`) + ms;
  return `${new Date(t).toISOString().slice(0, 23)}${at.slice(23)}`;
}

function maxOf(a: string, b: string): string {
  return a > b ? a : b;
}
