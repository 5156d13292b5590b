import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { HttpService, StackContext, UpgradeService } from '../context.ts';
import { installAuthorization } from './authorization.ts';
import { handleBroadcastApi } from './broadcast-api.ts';
import { DatabaseBroadcasts } from './database-broadcasts.ts';
import { RealtimeHub } from './hub.ts';
import { MessagesJanitor } from './messages-janitor.ts';
import type { Vsn } from './serializer.ts';
import { Session } from './session.ts';

export interface RealtimeOptions {
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. Phoenix: 60 s. */
  idleTimeoutMs?: number;
  /** Hosted's "allow public access" setting turned off (it is on by default): only private channels join. */
  privateOnly?: boolean;
}

/** The websocket (an upgrade of /realtime/v1/websocket) and the HTTP API under /realtime/v1. */
export type RealtimeService = UpgradeService & Pick<HttpService, 'handle'>;

/** Largest frame a client may send. */
const MAX_FRAME_BYTES = 1024 * 1024;

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else {
    socket.destroy();
  }
}

/** The x-* headers of the upgrade request (Phoenix's x_headers), which hosted gives policies as request.headers. */
function xHeadersJson(req: IncomingMessage): string {
  return JSON.stringify(Object.fromEntries(Object.entries(req.headers).filter(([name]) => name.startsWith('x-'))));
}

/**
 * Supabase Realtime as realtime-js speaks it: Phoenix channels over vsn 1.0.0 or 2.0.0 frames on
 * `/realtime/v1/websocket`, postgres_changes with RLS, broadcast and presence on public channels and on
 * private ones (authorised by RLS on realtime.messages), broadcasts from the database (realtime.send), and
 * the HTTP broadcast API (`handle`, for requests under /realtime/v1).
 */
export async function createRealtimeService(ctx: StackContext, options: RealtimeOptions = {}): Promise<RealtimeService> {
  const { config } = ctx;
  const hub = new RealtimeHub(ctx.db, config, ctx.log, { privateOnly: options.privateOnly });
  await hub.feed.start();
  await installAuthorization(ctx.db);
  const janitor = new MessagesJanitor(ctx.db, ctx.log);
  await janitor.start();
  const fromDatabase = new DatabaseBroadcasts(ctx.db, ctx.log, (messages) =>
    hub.writes.run(() => {
      for (const m of messages) hub.publish(m.topic, m.isPrivate, m.broadcast, 'user');
    }),
  );
  await fromDatabase.start();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const idleMs = options.idleTimeoutMs ?? 60_000;

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const s of hub.sessions) if (now - s.lastSeen > idleMs) s.ws.terminate();
    },
    Math.max(50, Math.min(5_000, Math.floor(idleMs / 4))),
  );
  sweep.unref();

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      socket.on('error', () => socket.destroy());
      const url = new URL(req.url ?? '/', 'http://localhost');
      const header = req.headers['x-api-key'] ?? req.headers.apikey;
      const apiKey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
      if (!apiKey) return refuse(socket, 401, 'Unauthorized', 'No API key found in request');
      if (apiKey !== config.anonKey && apiKey !== config.serviceRoleKey) {
        return refuse(socket, 401, 'Unauthorized', 'Invalid API key');
      }
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsn !== '1.0.0' && vsn !== '2.0.0') {
        return refuse(socket, 403, 'Forbidden', `The client's requested transport version "${vsn}" does not match server's version requirements`);
      }
      const headersJson = xHeadersJson(req);
      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = new Session(ws, vsn as Vsn, apiKey, hub, headersJson, socket);
        hub.sessions.add(session);
      });
    },
    handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL) {
      return handleBroadcastApi(hub, req, res, subpath, url);
    },
    async close() {
      clearInterval(sweep);
      for (const s of hub.sessions) s.ws.terminate();
      hub.sessions.clear();
      await fromDatabase.close();
      await janitor.close();
      await hub.feed.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
