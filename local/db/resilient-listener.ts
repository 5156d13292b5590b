import pg from 'pg';
import type { ListenOptions } from './database.ts';

/** Waits between reconnection attempts: doubling from 100 ms to 5 s, so a restart is rejoined within seconds. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 5_000;

/**
 * One LISTEN connection that outlives the server's restarts. pg reports a lost connection (a restart's
 * admin shutdown, 57P01, or a dropped socket) as an 'error' and an 'end' on the client, and that client is
 * done: the old listener swallowed the error and stayed deaf until the stack restarted (issue 31 item 2).
 * Here a lost connection is said, a new one is made with backoff until the server answers, and the caller
 * is told (onResume) once it listens again, to catch up on what was notified meanwhile: NOTIFY is not
 * kept for a listener that was away.
 */
export class ResilientListener {
  readonly #url: string;
  readonly #channel: string;
  readonly #onPayload: (payload: string) => void;
  readonly #options: ListenOptions;
  #client: pg.Client | undefined;
  /** Clients whose connection was lost or ended: their late events are ignored. */
  #retired = new WeakSet<pg.Client>();
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;
  #wakeRetry: (() => void) | undefined;

  constructor(url: string, channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}) {
    this.#url = url;
    this.#channel = channel;
    this.#onPayload = onPayload;
    this.#options = options;
  }

  /** The first connection: its failure is the caller's (the stack does not start deaf). */
  async start(): Promise<void> {
    this.#client = await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#wakeRetry?.();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#url, application_name: 'local-supabase-listen', connectionTimeoutMillis: 10_000 });
    client.on('notification', (n) => {
      if (n.channel === this.#channel && !this.#stopped && !this.#retired.has(client)) this.#onPayload(n.payload ?? '');
    });
    // Both may come for one loss; only the current client's first one counts.
    client.on('error', (e) => this.#lost(client, e));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`listen "${this.#channel.replace(/"/g, '""')}"`);
    } catch (e) {
      this.#retired.add(client);
      await client.end().catch(() => undefined);
      throw e;
    }
    return client;
  }

  #lost(client: pg.Client, e?: Error): void {
    if (this.#stopped || client !== this.#client) return;
    this.#retired.add(client);
    this.#client = undefined;
    client.end().catch(() => undefined);
    this.#log(`database: LISTEN ${this.#channel}: connection lost (${e?.message ?? 'closed by the server'}); reconnecting`);
    void this.#reconnect();
  }

  async #reconnect(): Promise<void> {
    const since = Date.now();
    let delay = FIRST_DELAY_MS;
    for (let attempt = 1; !this.#stopped; attempt++) {
      await new Promise<void>((resolve) => {
        this.#wakeRetry = resolve;
        // Jitter, so several stacks on one server do not all knock at the same instant.
        this.#retry = setTimeout(resolve, delay * (0.75 + Math.random() / 2));
        this.#retry.unref();
      });
      if (this.#stopped) return;
      try {
        const client = await this.#connect();
        if (this.#stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        this.#client = client;
        const seconds = ((Date.now() - since) / 1000).toFixed(1);
        this.#log(`database: LISTEN ${this.#channel}: restored after ${attempt} attempt${attempt === 1 ? '' : 's'} (${seconds} s)`);
        this.#options.onResume?.();
        return;
      } catch (e) {
        // Said at the first failure and then now and again, not at every knock on a server that is down.
        if (attempt === 1 || attempt % 10 === 0) {
          this.#log(`database: LISTEN ${this.#channel}: still reconnecting (attempt ${attempt}: ${(e as Error).message})`);
        }
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      }
    }
  }

  #log(line: string): void {
    (this.#options.log ?? console.log)(line);
  }
}
