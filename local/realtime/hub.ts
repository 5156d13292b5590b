import { randomBytes } from 'node:crypto';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../context.ts';
import type { Database } from '../db/database.ts';
import { ChangeFeed, type Subscription } from './change-feed.ts';
import type { Channel } from './channel.ts';
import { encodeBinaryBroadcast, encodeRaw, type UserBroadcast } from './serializer.ts';
import type { ParsedBinding, Session } from './session.ts';

interface Presence {
  key: string;
  meta: Record<string, unknown>;
}

function paramsToLog(b: ParsedBinding): string {
  const filters = b.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`);
  return `event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${filters.join(', ')}], select: nil`;
}

/** What the sessions share: the change feed, topic membership for broadcast, and presence. */
export class RealtimeHub {
  readonly config: StackConfig;
  readonly log: Logger;
  readonly feed: ChangeFeed;
  readonly sessions = new Set<Session>();
  #db: Database;
  #topics = new Map<string, Set<Channel>>();
  #presence = new Map<string, Map<Channel, Presence>>();

  constructor(db: Database, config: StackConfig, log: Logger) {
    this.#db = db;
    this.config = config;
    this.log = log;
    this.feed = new ChangeFeed(db, log);
  }

  addChannel(ch: Channel): void {
    let set = this.#topics.get(ch.topic);
    if (!set) this.#topics.set(ch.topic, (set = new Set()));
    set.add(ch);
  }

  removeChannel(ch: Channel): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    for (const s of ch.subscriptions) this.feed.subscriptions.delete(s);
    ch.subscriptions = [];
    const set = this.#topics.get(ch.topic);
    set?.delete(ch);
    if (set && !set.size) this.#topics.delete(ch.topic);
    this.untrack(ch);
  }

  subscribe(subs: Subscription[]): void {
    for (const s of subs) this.feed.subscriptions.add(s);
  }

  /** Checks bindings the way Realtime's subscription insert does; returns the system error message, if any. */
  async validate(bindings: ParsedBinding[], role: string): Promise<string | undefined> {
    const { rows } = await this.#db.query<{ ok: boolean }>('select to_regrole($1) is not null as ok', [role]);
    for (const b of bindings) {
      try {
        if (!rows[0]?.ok) throw new Error(`role "${role}" does not exist`);
        const tables = await this.feed.resolveTables(b.schema, b.table);
        if (!tables.length) {
          return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(b)}]`;
        }
        await this.feed.checkFilters(tables, b.filters);
      } catch (e) {
        return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${paramsToLog(b)}]. Exception: ${(e as Error).message}`;
      }
    }
    return undefined;
  }

  /** Public-channel broadcast to the topic's other members (and the sender when it asked for self). */
  broadcast(from: Channel, b: UserBroadcast): void {
    const members = this.#topics.get(from.topic);
    if (!members) return;
    const json = JSON.stringify({ type: 'broadcast', event: b.event, payload: b.binary ? undefined : b.payload, ...(b.meta ? { meta: b.meta } : {}) });
    let binary: Buffer | undefined | null = null;
    for (const ch of members) {
      if (ch === from && !from.broadcastSelf) continue;
      if (ch.isPrivate !== from.isPrivate) continue;
      const s = ch.session;
      if (b.binary) {
        // Realtime cannot represent binary payloads on vsn 1.0.0 sockets and skips them.
        if (s.vsn !== '2.0.0') continue;
        if (binary === null) binary = encodeBinaryBroadcast(from.topic, b);
        if (binary) s.sendFrame(binary);
      } else {
        s.sendFrame(encodeRaw(s.vsn, null, null, from.topic, 'broadcast', json));
      }
    }
  }

  presenceState(topic: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const p of this.#presence.get(topic)?.values() ?? []) {
      (state[p.key] ??= { metas: [] }).metas.push(p.meta);
    }
    return state;
  }

  #diff(topic: string, joins: Presence[], leaves: Presence[]): void {
    const group = (list: Presence[]) => {
      const out: Record<string, { metas: Record<string, unknown>[] }> = {};
      for (const p of list) (out[p.key] ??= { metas: [] }).metas.push(p.meta);
      return out;
    };
    const json = JSON.stringify({ joins: group(joins), leaves: group(leaves) });
    for (const ch of this.#topics.get(topic) ?? []) {
      ch.session.sendFrame(encodeRaw(ch.session.vsn, ch.joinRef, null, topic, 'presence_diff', json));
    }
  }

  track(ch: Channel, payload: Record<string, unknown>): void {
    let map = this.#presence.get(ch.topic);
    if (!map) this.#presence.set(ch.topic, (map = new Map()));
    const old = map.get(ch);
    const next: Presence = { key: ch.presenceKey, meta: { ...payload, phx_ref: randomBytes(8).toString('base64url') } };
    if (old) next.meta.phx_ref_prev = old.meta.phx_ref;
    map.set(ch, next);
    ch.presenceEnabled = true;
    this.#diff(ch.topic, [next], old ? [old] : []);
  }

  untrack(ch: Channel): void {
    const map = this.#presence.get(ch.topic);
    const old = map?.get(ch);
    if (!map || !old) return;
    map.delete(ch);
    if (!map.size) this.#presence.delete(ch.topic);
    this.#diff(ch.topic, [], [old]);
  }
}
