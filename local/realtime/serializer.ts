/**
 * Phoenix frame (de)serialization as realtime-js speaks it: vsn 1.0.0 sends JSON objects, vsn 2.0.0 sends
 * JSON arrays `[join_ref, ref, topic, event, payload]` and, for user broadcasts, binary frames
 * (client -> server kind 3, server -> client kind 4).
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast as it travels between sockets, whether it arrived as JSON or binary. */
export interface UserBroadcast {
  event: string;
  /** JSON value, or raw bytes when the sender used binary encoding. */
  payload: unknown;
  binary: boolean;
  meta?: Record<string, unknown>;
}

const KIND_PUSH = 3;
const KIND_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const refOf = (v: unknown): string | null | undefined =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

function toFrame(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Frame | undefined {
  const j = refOf(joinRef);
  const r = refOf(ref);
  if (j === undefined || r === undefined || typeof topic !== 'string' || typeof event !== 'string') return undefined;
  return { joinRef: j, ref: r, topic, event, payload };
}

/** Decodes a text frame; undefined when it is not a well-formed Phoenix message. */
export function decodeText(vsn: Vsn, text: string): Frame | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(data) || data.length !== 5) return undefined;
    return toFrame(data[0], data[1], data[2], data[3], data[4]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const o = data as Record<string, unknown>;
  return toFrame(o.join_ref, o.ref, o.topic, o.event, o.payload);
}

/**
 * Decodes a vsn 2.0.0 binary user broadcast push:
 * kind, join_ref/ref/topic/event/metadata lengths, encoding, then those strings and the payload.
 */
export function decodeBinary(buf: Buffer): (Frame & { broadcast: UserBroadcast }) | undefined {
  if (buf.length < 7 || buf[0] !== KIND_PUSH) return undefined;
  const lens = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  const encoding = buf[6]!;
  let offset = 7;
  const parts: string[] = [];
  for (const len of lens) {
    if (offset + len > buf.length) return undefined;
    parts.push(buf.subarray(offset, offset + len).toString('utf8'));
    offset += len;
  }
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string];
  const body = buf.subarray(offset);
  let payload: unknown;
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
  } else if (encoding === ENCODING_BINARY) {
    payload = Buffer.from(body);
  } else {
    return undefined;
  }
  let meta: Record<string, unknown> | undefined;
  if (metadata) {
    try {
      const m = JSON.parse(metadata) as unknown;
      if (m && typeof m === 'object' && !Array.isArray(m)) meta = m as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  const broadcast: UserBroadcast = { event, payload, binary: encoding === ENCODING_BINARY, meta };
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload, ...(meta ? { meta } : {}) },
    broadcast,
  };
}

/** Encodes a message for the socket's serializer. `payloadJson` is already-serialized JSON. */
export function encodeRaw(vsn: Vsn, joinRef: string | null, ref: string | null, topic: string, event: string, payloadJson: string): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  }
  return `{"join_ref":${JSON.stringify(joinRef)},"ref":${JSON.stringify(ref)},"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson}}`;
}

export function encode(vsn: Vsn, joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): string {
  return encodeRaw(vsn, joinRef, ref, topic, event, JSON.stringify(payload ?? {}));
}

/** A server -> client binary user broadcast (vsn 2.0.0 only), for payloads sent as raw bytes. */
export function encodeBinaryBroadcast(topic: string, b: UserBroadcast): Buffer | undefined {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(b.event, 'utf8');
  const m = Buffer.from(b.meta ? JSON.stringify(b.meta) : '', 'utf8');
  if (t.length > 255 || e.length > 255 || m.length > 255) return undefined;
  const body = b.binary ? (b.payload as Buffer) : Buffer.from(JSON.stringify(b.payload ?? {}), 'utf8');
  const header = Buffer.from([KIND_BROADCAST, t.length, e.length, m.length, b.binary ? ENCODING_BINARY : ENCODING_JSON]);
  return Buffer.concat([header, t, e, m, body]);
}
