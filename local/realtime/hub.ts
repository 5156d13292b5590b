import { randomBytes } from 'node:crypto';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../context.ts';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable, outageLogger } from '../db/unavailable.ts';
import { type AccessCheck, type AccessContext, checkRead, checkWrite, type Extension } from './authorization.ts';
import { ChangeFeed, type Subscription } from './change-feed.ts';
import { type Channel, scopeOf } from './channel.ts';
import { encodeBinaryBroadcast, encodeRaw, type UserBroadcast } from './serializer.ts';
import type { ParsedBinding, SessionLink } from './session-link.ts';
import { WriteBatch } from './write-batch.ts';

/** Hosted's words when a channel cannot reach the project's database (its message carries no address). */
export const UNABLE_TO_CONNECT = 'UnableToConnectToProject: Realtime was unable to connect to the project database';

interface Presence {
  key: string;
  meta: Record<string, unknown>;
}

function paramsToLog(b: ParsedBinding): string {
  const filters = b.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`);
  return `event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${filters.join(', ')}], select: nil`;
}

/**
 * How a broadcast is framed, as hosted sends it. `phoenix`: a JSON text frame on every socket (client JSON
 * broadcasts, the batch HTTP API). `user`: Realtime's user broadcast, a binary frame on vsn 2.0.0 sockets and
 * JSON on 1.0.0 ones, which cannot carry binary payloads (the database, the single-message HTTP API).
 */
export type Framing = 'phoenix' | 'user';

export interface HubOptions {
  /** Hosted's "allow public access" turned off: joins of public channels are refused. */
  privateOnly?: boolean;
}

/** What the sessions share: the change feed, topic membership for broadcast, presence, and policy checks. */
export class RealtimeHub {
  readonly config: StackConfig;
  readonly log: Logger;
  readonly feed: ChangeFeed;
  readonly sessions = new Set<SessionLink>();
  readonly privateOnly: boolean;
  /** Sockets written to during a fan-out send their frames together when it ends. */
  readonly writes = new WriteBatch();
  /** Logs a database outage a check met, at most every few seconds (its cause; clients get a generic reason). */
  readonly logOutage: (e: unknown, where: string) => void;
  #db: Database;
  /** Members by scope (public and private channels of one name are separate topics). */
  #scopes = new Map<string, Set<Channel>>();
  #presence = new Map<string, Map<Channel, Presence>>();

  constructor(db: Database, config: StackConfig, log: Logger, options: HubOptions = {}) {
    this.#db = db;
    this.config = config;
    this.log = log;
    this.logOutage = outageLogger(log, 'realtime');
    this.feed = new ChangeFeed(db, log, (deliverAll) => this.writes.run(deliverAll));
    this.privateOnly = options.privateOnly ?? false;
  }

  checkRead(ctx: AccessContext, extensions: Extension[]): Promise<AccessCheck> {
    return checkRead(this.#db, ctx, extensions);
  }

  checkWrite(ctx: AccessContext, extensions: Extension[]): Promise<AccessCheck> {
    return checkWrite(this.#db, ctx, extensions);
  }

  addChannel(ch: Channel): void {
    let set = this.#scopes.get(ch.scope);
    if (!set) this.#scopes.set(ch.scope, (set = new Set()));
    set.add(ch);
  }

  removeChannel(ch: Channel): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    for (const s of ch.subscriptions) this.feed.subscriptions.delete(s);
    ch.subscriptions = [];
    const set = this.#scopes.get(ch.scope);
    set?.delete(ch);
    if (set && !set.size) this.#scopes.delete(ch.scope);
    this.untrack(ch);
  }

  subscribe(subs: Subscription[]): void {
    for (const s of subs) this.feed.subscriptions.add(s);
  }

  /** Checks bindings the way Realtime's subscription insert does; returns the system error message, if any. */
  async validate(bindings: ParsedBinding[], role: string): Promise<string | undefined> {
    let roleExists: boolean;
    try {
      const { rows } = await this.#db.query<{ ok: boolean }>('select to_regrole($1) is not null as ok', [role]);
      roleExists = rows[0]?.ok === true;
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      this.logOutage(e, 'postgres_changes subscription');
      return UNABLE_TO_CONNECT;
    }
    for (const b of bindings) {
      try {
        if (!roleExists) throw new Error(`role "${role}" does not exist`);
        const tables = await this.feed.resolveTables(b.schema, b.table);
        if (!tables.length) {
          return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(b)}]`;
        }
        await this.feed.checkFilters(tables, b.filters);
      } catch (e) {
        if (isDatabaseUnavailable(e)) {
          this.logOutage(e, 'postgres_changes subscription');
          return UNABLE_TO_CONNECT;
        }
        return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${paramsToLog(b)}]. Exception: ${(e as Error).message}`;
      }
    }
    return undefined;
  }

  /** A client's broadcast to the members of its topic (and itself when it asked for self). */
  broadcast(from: Channel, b: UserBroadcast): void {
    this.#fanOut(from.scope, from.topic, b, b.binary ? 'user' : 'phoenix', (ch) => ch !== from || from.broadcastSelf);
  }

  /** A broadcast from outside the sockets (the database, the HTTP API) to every member of the topic. */
  publish(topic: string, isPrivate: boolean, b: UserBroadcast, framing: Framing): void {
    const full = `realtime:${topic}`;
    this.#fanOut(scopeOf(full, isPrivate), full, b, framing, () => true);
  }

  #fanOut(scope: string, topic: string, b: UserBroadcast, framing: Framing, include: (ch: Channel) => boolean): void {
    const members = this.#scopes.get(scope);
    if (!members) return;
    let json: string | undefined;
    let binary: Buffer | undefined | null = null;
    for (const ch of members) {
      if (!include(ch) || !ch.receivesBroadcast) continue;
      const s = ch.session;
      if (framing === 'user' && s.vsn === '2.0.0') {
        if (binary === null) binary = encodeBinaryBroadcast(topic, b);
        if (binary) s.sendFrame(binary);
      } else if (!b.binary) {
        json ??= JSON.stringify({ type: 'broadcast', event: b.event, payload: b.payload, ...(b.meta ? { meta: b.meta } : {}) });
        s.sendFrame(encodeRaw(s.vsn, null, null, topic, 'broadcast', json));
      }
      // Realtime cannot represent binary payloads on vsn 1.0.0 sockets and skips them.
    }
  }

  presenceState(ch: Channel): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const p of this.#presence.get(ch.scope)?.values() ?? []) {
      (state[p.key] ??= { metas: [] }).metas.push(p.meta);
    }
    return state;
  }

  #diff(ch: Channel, joins: Presence[], leaves: Presence[]): void {
    const group = (list: Presence[]) => {
      const out: Record<string, { metas: Record<string, unknown>[] }> = {};
      for (const p of list) (out[p.key] ??= { metas: [] }).metas.push(p.meta);
      return out;
    };
    const json = JSON.stringify({ joins: group(joins), leaves: group(leaves) });
    for (const member of this.#scopes.get(ch.scope) ?? []) {
      if (!member.receivesPresence) continue;
      member.session.sendFrame(encodeRaw(member.session.vsn, member.joinRef, null, member.topic, 'presence_diff', json));
    }
  }

  track(ch: Channel, payload: Record<string, unknown>): void {
    let map = this.#presence.get(ch.scope);
    if (!map) this.#presence.set(ch.scope, (map = new Map()));
    const old = map.get(ch);
    const next: Presence = { key: ch.presenceKey, meta: { ...payload, phx_ref: randomBytes(8).toString('base64url') } };
    if (old) next.meta.phx_ref_prev = old.meta.phx_ref;
    map.set(ch, next);
    ch.presenceEnabled = true;
    this.#diff(ch, [next], old ? [old] : []);
  }

  untrack(ch: Channel): void {
    const map = this.#presence.get(ch.scope);
    const old = map?.get(ch);
    if (!map || !old) return;
    map.delete(ch);
    if (!map.size) this.#presence.delete(ch.scope);
    this.#diff(ch, [], [old]);
  }
}
