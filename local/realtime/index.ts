import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { StackContext, UpgradeService } from '../context.ts';
import { RealtimeHub } from './hub.ts';
import type { Vsn } from './serializer.ts';
import { Session } from './session.ts';

export interface RealtimeOptions {
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. Phoenix: 60 s. */
  idleTimeoutMs?: number;
}

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

/**
 * Supabase Realtime's websocket (`/realtime/v1/websocket`) as realtime-js speaks it: Phoenix channels over
 * vsn 1.0.0 or 2.0.0 frames, postgres_changes with RLS, broadcast and presence on public channels.
 */
export async function createRealtimeService(ctx: StackContext, options: RealtimeOptions = {}): Promise<UpgradeService> {
  const { config } = ctx;
  const hub = new RealtimeHub(ctx.db, config, ctx.log);
  await hub.feed.start();
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
      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = new Session(ws, vsn as Vsn, apiKey, hub);
        hub.sessions.add(session);
      });
    },
    async close() {
      clearInterval(sweep);
      for (const s of hub.sessions) s.ws.terminate();
      hub.sessions.clear();
      await hub.feed.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
