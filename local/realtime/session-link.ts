import type WebSocket from 'ws';
import type { Subscription } from './change-feed.ts';
import type { Filter } from './filters.ts';
import type { Vsn } from './serializer.ts';

/**
 * What the hub and a channel need of a websocket session. The session (session.ts) holds the hub and makes
 * channels; they hold it back only through this, so neither module imports session.ts (no import circle).
 */
export interface SessionLink {
  readonly ws: WebSocket;
  readonly vsn: Vsn;
  /** The upgrade request's x-* headers as JSON: what hosted sets as request.headers for policies. */
  readonly headersJson: string;
  lastSeen: number;
  send(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void;
  /** A text frame whose JSON is already encoded as UTF-8 (shared by the sockets of one fan-out). */
  sendText(data: Buffer): void;
  /** Strings go as text frames, Buffers as binary frames unless `binary` is false. */
  sendFrame(data: string | Buffer, binary?: boolean): void;
}

/** One postgres_changes binding of a join, checked and parsed. */
export interface ParsedBinding {
  params: Record<string, unknown>;
  id: number;
  event: Subscription['event'];
  schema: string;
  table: string;
  filters: Filter[];
}
