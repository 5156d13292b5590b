import type WebSocket from 'ws';
import type { JwtClaims } from '../jwt.ts';
import { checkAccessToken } from './access-token.ts';
import type { AccessCheck, Extension } from './authorization.ts';
import { bindingId } from './binding-id.ts';
import { Channel, type ChannelPolicies } from './channel.ts';
import { parseFilters, type Filter } from './filters.ts';
import { decodeBinary, decodeText, encodeRaw, type Frame, type UserBroadcast, type Vsn } from './serializer.ts';
import { type RealtimeHub, UNABLE_TO_CONNECT } from './hub.ts';
import type { ParsedBinding, SessionLink } from './session-link.ts';
import type { Corkable } from './write-batch.ts';

/** Realtime's max_channels_per_client default. */
const MAX_CHANNELS = 100;
/** Longest a timer may run before the token is re-checked (setTimeout's limit is ~24 days). */
const MAX_TIMER_MS = 60 * 60 * 1000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One websocket: Phoenix framing, heartbeats, and the channels joined over it. */
export class Session implements SessionLink {
  readonly ws: WebSocket;
  readonly vsn: Vsn;
  readonly apiKey: string;
  /** The upgrade request's x-* headers as JSON: what hosted sets as request.headers for policies. */
  readonly headersJson: string;
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  #hub: RealtimeHub;
  /** The TCP socket under the websocket, corked while a fan-out writes to it. */
  #socket: Corkable | undefined;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(ws: WebSocket, vsn: Vsn, apiKey: string, hub: RealtimeHub, headersJson = '{}', socket?: Corkable) {
    this.ws = ws;
    this.#socket = socket;
    this.vsn = vsn;
    this.apiKey = apiKey;
    this.headersJson = headersJson;
    this.#hub = hub;
    ws.on('message', (data, isBinary) => this.#onMessage(data as Buffer | Buffer[] | ArrayBuffer, isBinary));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  send(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    this.sendRaw(joinRef, ref, topic, event, JSON.stringify(payload ?? {}));
  }

  sendRaw(joinRef: string | null, ref: string | null, topic: string, event: string, payloadJson: string): void {
    this.sendFrame(encodeRaw(this.vsn, joinRef, ref, topic, event, payloadJson));
  }

  /** A text frame whose JSON is already encoded as UTF-8 (shared by the sockets of one fan-out). */
  sendText(data: Buffer): void {
    this.sendFrame(data, false);
  }

  /** Strings go as text frames, Buffers as binary frames unless `binary` is false. */
  sendFrame(data: string | Buffer, binary = typeof data !== 'string'): void {
    if (this.#closed || this.ws.readyState !== this.ws.OPEN) return;
    // A consumer this far behind is gone or stuck; dropping it protects the process.
    if (this.ws.bufferedAmount > 16 * 1024 * 1024) {
      this.ws.terminate();
      return;
    }
    if (this.#socket) this.#hub.writes.enlist(this.#socket);
    this.ws.send(data, { binary });
  }

  reply(frame: Frame, status: 'ok' | 'error', response: unknown): void {
    this.send(frame.joinRef, frame.ref, frame.topic, 'phx_reply', { status, response });
  }

  /** Removes every channel; called when the socket closes. */
  dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const ch of this.channels.values()) this.#hub.removeChannel(ch);
    this.channels.clear();
    this.#hub.sessions.delete(this);
  }

  #onMessage(data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let frame: Frame | undefined;
    let broadcast: UserBroadcast | undefined;
    if (isBinary) {
      const decoded = this.vsn === '2.0.0' ? decodeBinary(buf) : undefined;
      frame = decoded;
      broadcast = decoded?.broadcast;
    } else {
      frame = decodeText(this.vsn, buf.toString('utf8'));
    }
    if (!frame) return; // malformed: ignored, as Phoenix cannot route it to a channel either
    const f = frame;
    this.#queue = this.#queue
      .then(() => this.#handle(f, broadcast))
      .catch((e: unknown) => this.#hub.log(`realtime: error handling ${f.event} on ${f.topic}: ${(e as Error).message}`));
  }

  async #handle(frame: Frame, binaryBroadcast: UserBroadcast | undefined): Promise<void> {
    if (this.#closed) return;
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.reply(frame, 'ok', {});
      return;
    }
    if (frame.event === 'phx_join') return this.#join(frame);
    const ch = this.channels.get(frame.topic);
    if (!ch || (frame.joinRef !== null && frame.joinRef !== ch.joinRef)) {
      this.reply(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        this.reply(frame, 'ok', {});
        this.closeChannel(ch);
        return;
      case 'access_token':
        return this.#refreshToken(ch, isObj(frame.payload) ? frame.payload.access_token : undefined);
      case 'broadcast':
        return this.#broadcast(ch, frame, binaryBroadcast);
      case 'presence':
        return this.#presence(ch, frame);
      default:
        return; // Realtime ignores unexpected client events
    }
  }

  /** Ends a channel: subscriptions and presence go, the client gets phx_close. */
  closeChannel(ch: Channel): void {
    this.#hub.removeChannel(ch);
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
    this.send(ch.joinRef, ch.joinRef, ch.topic, 'phx_close', {});
  }

  /** Realtime's shutdown_response: a system error, then the channel stops. */
  shutdown(ch: Channel, message: string): void {
    ch.system('system', 'error', message);
    this.closeChannel(ch);
  }

  #applyClaims(ch: Channel, token: string, claims: JwtClaims & { role: string; exp: number }): void {
    ch.token = token;
    ch.role = claims.role;
    ch.sub = typeof claims.sub === 'string' ? claims.sub : null;
    ch.claimsJson = JSON.stringify(claims);
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, claims.exp * 1000 - Date.now()));
    ch.expiryTimer = setTimeout(() => {
      this.#queue = this.#queue.then(() => this.#confirmToken(ch));
    }, ms);
    ch.expiryTimer.unref();
  }

  #confirmToken(ch: Channel): void {
    if (this.channels.get(ch.topic) !== ch) return;
    const check = checkAccessToken(ch.token, this.#hub.config.jwtSecret);
    if (check.ok) this.#applyClaims(ch, ch.token, check.claims);
    else this.shutdown(ch, check.message);
  }

  async #refreshToken(ch: Channel, token: unknown): Promise<void> {
    if (token === null || token === undefined) return;
    if (typeof token === 'string' && (token.startsWith('sb_') || token === ch.token)) return;
    const check = checkAccessToken(token, this.#hub.config.jwtSecret);
    if (!check.ok) {
      this.shutdown(ch, check.message);
      return;
    }
    this.#applyClaims(ch, token as string, check.claims);
    if (!ch.isPrivate) return;
    // Hosted re-reads the policies with the new claims (writes are checked again when next needed) and
    // stops the channel when it may no longer read what it could.
    const previous = ch.policies;
    // Checked into a fresh record that replaces the old one only when done: until then the channel keeps
    // receiving under what it was allowed (a broadcast during the check was dropped before).
    const next: ChannelPolicies = { broadcast: {}, presence: {} };
    const denied = await this.#authorizeRead(ch, next);
    if (!denied) ch.policies = next;
    if (denied) {
      this.shutdown(ch, denied.replace(/^Unauthorized: /, ''));
      return;
    }
    const revoked = (a?: boolean, b?: boolean) => a === true && b === false;
    if (
      previous &&
      (revoked(previous.broadcast.read, next.broadcast.read) || revoked(previous.presence.read, next.presence.read))
    ) {
      this.shutdown(ch, `You no longer have permission to read from this Channel topic: ${ch.name}`);
    }
  }

  /**
   * Hosted's read check of a private channel: broadcast, and presence when the channel enabled it. Returns
   * the join error's reason when the channel may read neither.
   */
  async #authorizeRead(ch: Channel, into?: ChannelPolicies): Promise<string | undefined> {
    const policies = into ?? (ch.policies ??= { broadcast: {}, presence: {} });
    const extensions: Extension[] = ch.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];
    const result = await this.#hub.checkRead(ch.accessContext(), extensions);
    const unauthorized = `Unauthorized: You do not have permissions to read from this Channel topic: ${ch.name}`;
    if (!result.ok) {
      if (result.kind === 'policy') {
        this.#hub.log(`realtime: RlsPolicyError on ${ch.topic}: ${result.message}`);
        return unauthorized;
      }
      if (result.kind === 'unavailable') this.#hub.logOutage(new Error(result.message), `join of ${ch.topic}`);
      return accessError(result);
    }
    for (const ext of extensions) policies[ext].read = result.allowed.has(ext);
    return policies.broadcast.read || policies.presence.read ? undefined : unauthorized;
  }

  /**
   * Hosted's write check, run once per channel (until a token refresh): both extensions at once. False when
   * the check itself failed (a policy error): nothing is recorded and the next attempt checks again.
   */
  async #authorizeWrite(ch: Channel): Promise<boolean> {
    const result = await this.#hub.checkWrite(ch.accessContext(), ['broadcast', 'presence']);
    if (!result.ok) {
      this.#hub.log(`realtime: write check on ${ch.topic} failed: ${result.message}`);
      return false;
    }
    const policies = (ch.policies ??= { broadcast: {}, presence: {} });
    policies.broadcast.write = result.allowed.has('broadcast');
    policies.presence.write = result.allowed.has('presence');
    return true;
  }

  async #join(frame: Frame): Promise<void> {
    const { topic } = frame;
    if (!topic.startsWith('realtime:')) {
      this.reply(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (topic === 'realtime:') {
      this.reply(frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const previous = this.channels.get(topic);
    if (previous) this.closeChannel(previous); // Phoenix closes the old channel on a duplicate join
    const payload = isObj(frame.payload) ? frame.payload : {};
    const config = isObj(payload.config) ? payload.config : {};
    const isPrivate = flexibleBoolean(config.private);
    if (this.#hub.privateOnly && !isPrivate) {
      this.reply(frame, 'error', { reason: 'PrivateOnly: This project only allows private channels' });
      return;
    }

    let token = payload.access_token ?? payload.user_token;
    if (typeof token !== 'string' || token.startsWith('sb_')) token = this.apiKey;
    const check = checkAccessToken(token, this.#hub.config.jwtSecret);
    if (!check.ok) {
      this.reply(frame, 'error', { reason: `${check.code}: ${check.message}` });
      return;
    }
    if (this.channels.size >= MAX_CHANNELS) {
      this.reply(frame, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }
    const ch = new Channel(this, topic, frame.joinRef);
    ch.isPrivate = isPrivate;
    const broadcast = isObj(config.broadcast) ? config.broadcast : {};
    ch.broadcastSelf = broadcast.self === true;
    ch.broadcastAck = broadcast.ack === true;
    const presence = isObj(config.presence) ? config.presence : {};
    if (typeof presence.key === 'string' && presence.key !== '') ch.presenceKey = presence.key;
    ch.presenceEnabled = presence.enabled === true;
    this.#applyClaims(ch, token as string, check.claims);
    if (ch.isPrivate) {
      // Private channels are authorised by the project's RLS policies on realtime.messages.
      const denied = await this.#authorizeRead(ch);
      if (denied) {
        if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
        this.reply(frame, 'error', { reason: denied });
        return;
      }
    }

    const raw = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter((x) => x !== null) : [];
    const parsed: ParsedBinding[] = [];
    let subscribeError: string | undefined;
    for (const params of raw) {
      const p = parseBinding(params);
      if ('error' in p) subscribeError ??= p.error;
      else parsed.push(p);
    }
    if (!subscribeError && parsed.length) subscribeError = await this.#hub.validate(parsed, ch.role);
    if (this.#closed) {
      // The socket went away during the checks: nothing to join.
      if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
      return;
    }

    this.channels.set(topic, ch);
    this.#hub.addChannel(ch);
    if (!subscribeError && parsed.length) {
      ch.subscriptions = parsed.map((b) => ({ id: b.id, event: b.event, schema: b.schema, table: b.table, filters: b.filters, channel: ch }));
      this.#hub.subscribe(ch.subscriptions);
    }
    const echo = raw.map((params) => (isObj(params) ? { ...params, id: bindingId(params) } : params));
    this.reply(frame, 'ok', { postgres_changes: echo });
    if (raw.length) {
      if (subscribeError) ch.system('postgres_changes', 'error', subscribeError);
      else ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (ch.presenceEnabled && ch.receivesPresence) ch.push('presence_state', this.#hub.presenceState(ch));
  }

  async #broadcast(ch: Channel, frame: Frame, binary: UserBroadcast | undefined): Promise<void> {
    let b = binary;
    if (!b) {
      const p = isObj(frame.payload) ? frame.payload : undefined;
      if (!p || typeof p.event !== 'string') return;
      b = { event: p.event, payload: p.payload, binary: false, meta: isObj(p.meta) ? p.meta : undefined };
    }
    if (ch.isPrivate) {
      if (ch.policies?.broadcast.write === undefined && !(await this.#authorizeWrite(ch))) return;
      // Hosted drops a broadcast the policies refuse without a reply, even when the channel asked for acks.
      if (ch.policies?.broadcast.write !== true) return;
    }
    this.#hub.broadcast(ch, b);
    if (ch.broadcastAck && frame.ref) this.reply(frame, 'ok', {});
  }

  async #presence(ch: Channel, frame: Frame): Promise<void> {
    const p = isObj(frame.payload) ? frame.payload : {};
    const event = typeof p.event === 'string' ? p.event.toLowerCase() : p.event;
    if (event === 'track') {
      if (ch.isPrivate && !(await this.#authorizeTrack(ch))) {
        this.reply(frame, 'error', {});
        return;
      }
      if (p.payload !== undefined && !isObj(p.payload)) {
        this.reply(frame, 'error', { reason: 'Presence track payload must be a map' });
        return;
      }
      this.#hub.track(ch, isObj(p.payload) ? p.payload : {});
    } else if (event === 'untrack') {
      this.#hub.untrack(ch);
    }
    this.reply(frame, 'ok', {});
  }

  /**
   * Whether a private channel may track presence. The first track authorises presence read (not checked at
   * join when presence was off then, so diffs can be gated) and both writes; hosted answers a refusal with
   * a bare error reply.
   */
  async #authorizeTrack(ch: Channel): Promise<boolean> {
    const policies: ChannelPolicies = (ch.policies ??= { broadcast: {}, presence: {} });
    if (policies.presence.write === undefined) {
      if (policies.presence.read === undefined) {
        const read = await this.#hub.checkRead(ch.accessContext(), ['broadcast', 'presence']);
        if (!read.ok) return false;
        policies.broadcast.read = read.allowed.has('broadcast');
        policies.presence.read = read.allowed.has('presence');
      }
      if (!(await this.#authorizeWrite(ch))) return false;
    }
    return policies.presence.write === true;
  }
}

/** Hosted's FlexibleBoolean: true, or the string "true" in any case. */
function flexibleBoolean(v: unknown): boolean {
  return v === true || (typeof v === 'string' && v.toLowerCase() === 'true');
}

/** The join error for a check that could not run. */
function accessError(result: Extract<AccessCheck, { ok: false }>): string {
  return result.kind === 'missing_partition' ? 'MissingPartition: Realtime was unable to find the expected messages partition' : UNABLE_TO_CONNECT;
}

/** Realtime's parse_subscription_params; `error` makes the postgres_changes subscription fail. */
function parseBinding(params: unknown): ParsedBinding | { error: string } {
  if (!isObj(params)) {
    return { error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}` };
  }
  const id = bindingId(params);
  const ev = typeof params.event === 'string' ? params.event.toUpperCase() : '*';
  const event = (['INSERT', 'UPDATE', 'DELETE'].includes(ev) ? ev : '*') as ParsedBinding['event'];
  const { schema, table, filter } = params;
  const has = (k: string) => k in params && params[k] !== undefined;
  let s: string;
  let t: string;
  let filters: Filter[] = [];
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const r = parseFilters(filter);
    if (!r.ok) return { error: r.error };
    s = schema;
    t = table;
    filters = r.filters;
  } else if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    s = schema;
    t = table;
  } else if (typeof schema === 'string' && !has('table') && !has('filter')) {
    s = schema;
    t = '*';
  } else if (typeof table === 'string' && !has('schema') && !has('filter')) {
    s = 'public';
    t = table;
  } else {
    return { error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}` };
  }
  return { params, id, event, schema: s, table: t, filters };
}

