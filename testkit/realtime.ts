import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../local/jwt.ts';
import { createRealtimeService, type RealtimeOptions, type RealtimeService } from '../local/realtime/index.ts';
import type { TestStack } from './test-stack.ts';

/** Test helpers for the realtime service: signed user tokens, supabase-js clients, a raw Phoenix socket. */

export function userToken(ts: TestStack, sub: string = randomUUID(), extra: Record<string, unknown> = {}): string {
  return signJwt({ role: 'authenticated', sub, exp: Math.floor(Date.now() / 1000) + 3600, ...extra }, ts.config.jwtSecret);
}

export function realtimeClient(
  ts: TestStack,
  opts: { vsn?: '1.0.0' | '2.0.0'; token?: string; url?: string } = {},
): SupabaseClient {
  const client = createClient(opts.url ?? ts.url, ts.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never, ...(opts.vsn ? { vsn: opts.vsn } : {}) },
  });
  if (opts.token) void client.realtime.setAuth(opts.token);
  return client;
}

/** Resolves once the channel is joined and its postgres_changes subscription is live ("Subscribed to PostgreSQL"). */
export function subscribed(channel: RealtimeChannel, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`channel ${channel.topic} did not subscribe`)), timeoutMs);
    channel.on('system', {}, (p: { extension?: string; status?: string; message?: string }) => {
      if (p.extension !== 'postgres_changes') return;
      clearTimeout(timer);
      if (p.status === 'ok') resolve();
      else reject(new Error(p.message));
    });
    channel.subscribe((status, err) => {
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        reject(err ?? new Error(status));
      }
    });
  });
}

/** Resolves once the channel is joined (channels without postgres_changes); rejects with the join error. */
export function joined(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/** Resolves with the reason the server gave for refusing the channel's join. */
export async function joinRefusal(channel: RealtimeChannel): Promise<string> {
  try {
    await joined(channel);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`channel ${channel.topic} joined`);
}

/**
 * Another realtime service over the stack's database on its own port, reached as /realtime/v1 (websocket
 * and HTTP API): for service options the stack does not set (privateOnly). Its change feed shares the
 * stack's capture queue, so postgres_changes belong on the stack's own service.
 */
export async function serveRealtime(
  ts: TestStack,
  options: RealtimeOptions = {},
): Promise<{ url: string; service: RealtimeService; close(): Promise<void> }> {
  const service = await createRealtimeService(ts.stack.ctx, options);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/realtime/v1/')) {
      res.writeHead(404).end();
      return;
    }
    service.handle(req, res, url.pathname.slice('/realtime/v1'.length), url).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] === '/realtime/v1/websocket') service.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    service,
    async close() {
      await service.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Polls until the predicate holds. */
export async function until(pred: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type RawFrame = [string | null, string | null, string, string, Record<string, any>];

/** A bare Phoenix vsn 2.0.0 (or 1.0.0) socket for protocol-level tests. */
export class RawSocket {
  readonly frames: RawFrame[] = [];
  readonly ws: WebSocket;
  closed = false;
  #ref = 0;

  private constructor(ws: WebSocket, readonly vsn: '1.0.0' | '2.0.0') {
    this.ws = ws;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const m = JSON.parse(String(data));
      this.frames.push(vsn === '2.0.0' ? m : [m.join_ref, m.ref, m.topic, m.event, m.payload]);
    });
    ws.on('close', () => (this.closed = true));
  }

  static open(ts: TestStack, opts: { vsn?: '1.0.0' | '2.0.0'; apikey?: string; url?: string } = {}): Promise<RawSocket> {
    const vsn = opts.vsn ?? '2.0.0';
    const url = `${(opts.url ?? ts.url).replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(opts.apikey ?? ts.anonKey)}&vsn=${vsn}`;
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws, vsn)));
      ws.once('error', reject);
    });
  }

  nextRef(): string {
    return String(++this.#ref);
  }

  send(joinRef: string | null, topic: string, event: string, payload: unknown): string {
    const ref = this.nextRef();
    const frame =
      this.vsn === '2.0.0' ? [joinRef, ref, topic, event, payload] : { join_ref: joinRef, ref, topic, event, payload };
    this.ws.send(JSON.stringify(frame));
    return ref;
  }

  async waitFor(pred: (f: RawFrame) => boolean, timeoutMs = 5_000): Promise<RawFrame> {
    let found: RawFrame | undefined;
    await until(() => (found = this.frames.find(pred)) !== undefined, timeoutMs, 'frame');
    return found!;
  }

  reply(ref: string, timeoutMs?: number): Promise<RawFrame> {
    return this.waitFor((f) => f[1] === ref && f[3] === 'phx_reply', timeoutMs);
  }

  close(): void {
    this.ws.close();
  }
}
