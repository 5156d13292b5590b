import type { Logger } from '../context.ts';
import type { Database } from '../db/database.ts';

/**
 * Hosted Realtime's janitor for realtime.messages (partitioned by day of inserted_at): keeps partitions
 * from yesterday to three days ahead, so inserts always find one, and drops days older than 72 hours.
 * local/bootstrap/realtime-schema.sql makes the same window at start; this keeps it moving while the
 * stack runs across midnight.
 */

const MAINTAIN_SQL = `
select _realtime.ensure_message_partitions();
do $$
declare
  v_oldest date := ((pg_catalog.now() at time zone 'utc') - interval '72 hours')::date;
  r record;
begin
  for r in
    select c.relname
      from pg_catalog.pg_inherits i
      join pg_catalog.pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'realtime.messages'::regclass
       and c.relname ~ '^messages_[0-9]{4}_[0-9]{2}_[0-9]{2}$'
       and pg_catalog.to_date(pg_catalog.substr(c.relname, 10), 'YYYY_MM_DD') < v_oldest
  loop
    execute pg_catalog.format('drop table if exists realtime.%I', r.relname);
  end loop;
end
$$;
`;

const INTERVAL_MS = 60 * 60 * 1000;

export class MessagesJanitor {
  #db: Database;
  #log: Logger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(db: Database, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  async start(): Promise<void> {
    await this.#tick();
    this.#timer = setInterval(() => void this.#tick(), INTERVAL_MS);
    this.#timer.unref();
  }

  /** One maintenance pass; a failure is logged, as hosted's janitor does, and retried at the next one. */
  #tick(): Promise<void> {
    this.#running ??= this.run()
      .catch((e: unknown) => this.#log(`realtime: PartitionCreationFailed: ${(e as Error).message}`))
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  run(): Promise<void> {
    return this.#db.exec(MAINTAIN_SQL).then(() => undefined);
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#running;
  }
}
