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

export class DatabaseBroadcasts {
  #db: Database;
  #log: Logger;
  /** Gets each batch read back at once, so its writes to one socket can leave together. */
  #deliver: (messages: DatabaseMessage[]) => void;
  #pending: [string, string][] = [];
  #draining: Promise<void> | undefined;
  #closed = false;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(db: Database, log: Logger, deliver: (messages: DatabaseMessage[]) => void) {
    this.#db = db;
    this.#log = log;
    this.#deliver = deliver;
  }

  async start(): Promise<void> {
    await this.#db.exec(INSTALL_SQL);
    this.#unlisten = await this.#db.listen(MESSAGES_CHANNEL, (payload) => this.#announced(payload));
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#unlisten?.().catch(() => undefined);
    await this.#draining?.catch(() => undefined);
  }

  #announced(payload: string): void {
    const [id, at] = payload.split(' ');
    if (!id || !at || this.#closed) return;
    this.#pending.push([id, at]);
    this.#schedule();
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
        if (!this.#closed) this.#log(`realtime: UnableToBroadcastChanges: ${(e as Error).message}`);
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
