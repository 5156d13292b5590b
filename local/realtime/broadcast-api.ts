import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkApiKey } from '../gateway.ts';
import { RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { HttpError } from '../http/http-error.ts';
import { readBody, sendJson, sendRaw } from '../http/io.ts';
import { checkAccessToken } from './access-token.ts';
import type { AccessContext } from './authorization.ts';
import type { RealtimeHub } from './hub.ts';
import type { UserBroadcast } from './serializer.ts';

/**
 * Realtime's HTTP broadcast API under /realtime/v1/api (supabase/realtime: BroadcastController,
 * BroadcastSingleController, AuthTenant):
 * - POST /api/broadcast {"messages":[{topic, event, payload, private?, id?}]}: what channel.send() uses on a
 *   channel that is not joined. 202 with an empty body; a private message the policies refuse is dropped
 *   silently (still 202); invalid messages are 422 {"errors": ...} as Ecto words them.
 * - POST /api/broadcast/:topic/events/:event[?private=true], a JSON or binary body: channel.httpSend().
 *   202; a refused private message is 403 {"message":"Unauthorized"}, a policy error 422.
 * A private message whose check cannot reach the database is 503 {"message":"Tenant database unavailable"}
 * with Retry-After (hosted: 422), the batch refused whole.
 * The gateway's apikey check comes first, then the caller's JWT (Authorization: Bearer, else the apikey)
 * must be valid: 401 {"message":"Unauthorized"} otherwise. Private messages need the JWT's role to pass
 * the project's insert policies on realtime.messages for the topic.
 */

/** Plug.Parsers' default body limit. */
const MAX_BODY_BYTES = 8_000_000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Caller {
  role: string;
  claimsJson: string;
  sub: string | null;
  headersJson: string;
}

export async function handleBroadcastApi(
  hub: RealtimeHub,
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  url: URL,
): Promise<void> {
  try {
    await route(hub, req, res, subpath, url);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    if (typeof e.body === 'string') sendRaw(res, e.status, e.body, e.headers);
    else sendJson(res, e.status, e.body, e.headers);
  }
}

async function route(hub: RealtimeHub, req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> {
  if (subpath !== '/api' && !subpath.startsWith('/api/')) {
    // The gateway has no route for anything else over HTTP (the websocket is an upgrade).
    throw new HttpError(404, { message: 'no Route matched with those values' });
  }
  checkApiKey(req, url, hub.config);
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(subpath);
  if (req.method !== 'POST' || (subpath !== '/api/broadcast' && !single)) {
    throw new HttpError(404, JSON.stringify('Not Found'), { 'Content-Type': 'application/json; charset=utf-8' });
  }
  const type = mediaType(req.headers['content-type']);
  if (single && type !== undefined && type !== 'application/json' && type !== 'application/octet-stream') {
    throw new HttpError(415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
  }
  const body = await readBody(req, MAX_BODY_BYTES);
  const parsed = parseBody(type, body);
  const caller = authenticate(req, hub);
  if (single) {
    await broadcastOne(hub, caller, pathParam(single[1]!), pathParam(single[2]!), url, parsed);
  } else {
    await broadcastBatch(hub, caller, parsed);
  }
  sendRaw(res, 202, '');
}

function pathParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, JSON.stringify('Bad Request'), { 'Content-Type': 'application/json; charset=utf-8' });
  }
}

function mediaType(header: string | undefined): string | undefined {
  return header === undefined ? undefined : header.split(';')[0]!.trim().toLowerCase();
}

type Body = { kind: 'json'; value: unknown } | { kind: 'binary'; value: Buffer } | { kind: 'none' };

/** Plug.Parsers: JSON for application/json and +json types, raw bytes for octet-stream, nothing otherwise. */
function parseBody(type: string | undefined, body: Buffer): Body {
  if (type === 'application/octet-stream') return { kind: 'binary', value: body };
  if (type !== undefined && /^application\/(json|[^/]+\+json)$/.test(type)) {
    if (!body.length) return { kind: 'none' };
    try {
      return { kind: 'json', value: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      throw new HttpError(400, JSON.stringify('Bad Request'), { 'Content-Type': 'application/json; charset=utf-8' });
    }
  }
  return { kind: 'none' };
}

/** Realtime's AuthTenant: the Bearer token, else the apikey, must be a valid JWT with role and exp. */
function authenticate(req: IncomingMessage, hub: RealtimeHub): Caller {
  const unauthorized = new HttpError(401, { message: 'Unauthorized' });
  const header = req.headers.authorization;
  let token: string | undefined;
  if (header) {
    const parts = header.split(' ');
    if (parts.length !== 2) throw unauthorized;
    if (parts[0]!.toLowerCase() === 'bearer') token = parts[1];
  }
  const apikey = req.headers.apikey;
  token ??= Array.isArray(apikey) ? apikey[0] : apikey;
  const check = checkAccessToken(token, hub.config.jwtSecret);
  if (!check.ok) throw unauthorized;
  const { claims } = check;
  return {
    role: claims.role,
    claimsJson: JSON.stringify(claims),
    sub: typeof claims.sub === 'string' ? claims.sub : null,
    headersJson: JSON.stringify(req.headers),
  };
}

function accessContext(caller: Caller, topic: string): AccessContext {
  return { topic, role: caller.role, claimsJson: caller.claimsJson, sub: caller.sub, headersJson: caller.headersJson };
}

interface BatchMessage {
  topic: string;
  event: string;
  payload: Obj;
  private: boolean;
  id?: string;
}

async function broadcastBatch(hub: RealtimeHub, caller: Caller, body: Body): Promise<void> {
  const params = body.kind === 'json' && isObj(body.value) ? body.value : {};
  const messages = validateBatch(params.messages);
  const privateByTopic = new Map<string, BatchMessage[]>();
  for (const m of messages) {
    if (m.private) privateByTopic.set(m.topic, [...(privateByTopic.get(m.topic) ?? []), m]);
  }
  // Every private topic is checked before anything is sent: when the database is unavailable the whole
  // batch is refused (503), so the client's retry does not deliver the public messages twice. (Hosted
  // drops the private ones and answers 202, which tells the sender they were sent.)
  const allowed: BatchMessage[] = [];
  for (const [topic, list] of privateByTopic) {
    const check = await hub.checkWrite(accessContext(caller, topic), ['broadcast', 'presence']);
    if (!check.ok && check.kind === 'unavailable') throw databaseUnavailable(hub, check.message, topic);
    if (!check.ok || !check.allowed.has('broadcast')) continue;
    allowed.push(...list);
  }
  for (const m of messages) if (!m.private) publishBatchMessage(hub, m);
  for (const m of allowed) publishBatchMessage(hub, m);
}

/**
 * Hosted answers "Tenant database unavailable" with 422; the same words here with 503 and Retry-After,
 * which tell the sender to try again rather than that the request was wrong.
 */
function databaseUnavailable(hub: RealtimeHub, detail: string, topic: string): HttpError {
  hub.logOutage(new Error(detail), `broadcast to ${topic}`);
  return new HttpError(503, { message: 'Tenant database unavailable' }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

function publishBatchMessage(hub: RealtimeHub, m: BatchMessage): void {
  const b: UserBroadcast = { event: m.event, payload: m.payload, binary: false, ...(m.id ? { meta: { id: m.id } } : {}) };
  hub.publish(m.topic, m.private, b, 'phoenix');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The batch's Ecto changeset: errors keyed by field (sorted, as Jason encodes small maps), per message. */
function validateBatch(raw: unknown): BatchMessage[] {
  const fail = (errors: unknown) => new HttpError(422, { errors: { messages: errors } });
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) throw fail(["can't be blank"]);
  if (!Array.isArray(raw) || !raw.every(isObj)) throw fail(['is invalid']);
  const out: BatchMessage[] = [];
  const errors: Record<string, string[]>[] = [];
  for (const m of raw) {
    const e: Record<string, string[]> = {};
    const text = (k: 'topic' | 'event') => {
      if (blank(m[k])) e[k] = ["can't be blank"];
      else if (typeof m[k] !== 'string') e[k] = ['is invalid'];
    };
    text('event');
    if (m.id !== undefined && m.id !== null && !(typeof m.id === 'string' && UUID.test(m.id))) e.id = ['is invalid'];
    if (m.payload === undefined || m.payload === null) e.payload = ["can't be blank"];
    else if (!isObj(m.payload)) e.payload = ['is invalid'];
    const priv = castBoolean(m.private);
    if (priv === undefined) e.private = ['is invalid'];
    text('topic');
    errors.push(e);
    if (!Object.keys(e).length) {
      out.push({
        topic: m.topic as string,
        event: m.event as string,
        payload: m.payload as Obj,
        private: priv ?? false,
        ...(typeof m.id === 'string' ? { id: m.id.toLowerCase() } : {}),
      });
    }
  }
  if (errors.some((e) => Object.keys(e).length)) throw fail(errors);
  return out;
}

/** Ecto's boolean cast (nil stays false, as the batch puts private: false for a missing one). */
function castBoolean(v: unknown): boolean | undefined {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

async function broadcastOne(hub: RealtimeHub, caller: Caller, topic: string, event: string, url: URL, body: Body): Promise<void> {
  const isPrivate = url.searchParams.get('private') === 'true';
  let b: UserBroadcast;
  if (body.kind === 'binary') {
    b = { event, payload: body.value, binary: true };
  } else {
    // Plug puts a JSON body that is not an object under "_json"; a body it did not parse is an empty map.
    const value = body.kind === 'json' ? body.value : {};
    b = { event, payload: isObj(value) ? value : { _json: value }, binary: false };
  }
  if (isPrivate) {
    const check = await hub.checkWrite(accessContext(caller, topic), ['broadcast', 'presence']);
    if (!check.ok) {
      if (check.kind === 'policy') throw new HttpError(422, { message: 'RLS policy error' });
      if (check.kind === 'missing_partition') throw new HttpError(422, { message: 'Missing messages partition' });
      throw databaseUnavailable(hub, check.message, topic);
    }
    if (!check.allowed.has('broadcast')) throw new HttpError(403, { message: 'Unauthorized' });
  }
  hub.publish(topic, isPrivate, b, 'user');
}
