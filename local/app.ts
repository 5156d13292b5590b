import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAuthService } from './auth/index.ts';
import { prepareDatabase } from './bootstrap/migrate.ts';
import type { StackConfig } from './config.ts';
import type { HttpService, Logger, StackContext, UpgradeService } from './context.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { createFunctionsService } from './functions/index.ts';
import { checkApiKey } from './gateway.ts';
import { applyCors } from './http/cors.ts';
import { HttpError } from './http/http-error.ts';
import { sendJson, sendRaw } from './http/io.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createRestService } from './rest/index.ts';
import { createStaticHandler } from './static.ts';
import { createStripeDouble } from './stripe/index.ts';

export interface Stack {
  server: http.Server;
  ctx: StackContext;
  /** True when the database was created by this start (and got the seed). */
  fresh: boolean;
  listen(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** An already-open database (tests); otherwise one is opened from the config. */
  db?: Database;
  log?: Logger;
  seed?: boolean;
}

/** Builds the whole local Supabase surface over one database, ready to listen. */
export async function createStack(config: StackConfig, options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db =
    options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 50 }));
  const { fresh } = await prepareDatabase(db, { supabaseDir: config.supabaseDir, seed: options.seed, log });
  const ctx: StackContext = { config, db, log };

  const stripeDouble = await createStripeDouble(ctx);
  const services: Record<string, HttpService> = {
    '/auth/v1': createAuthService(ctx),
    '/rest/v1': createRestService(ctx),
    '/functions/v1': createFunctionsService(ctx),
    // Stripe's API and test checkout pages, for payments on the local stack (the double checks its own key).
    '/v1': stripeDouble,
    '/stripe': stripeDouble,
  };
  const keyed = new Set(['/auth/v1', '/rest/v1']);
  const realtime: UpgradeService = await createRealtimeService(ctx);
  const serveStatic = createStaticHandler(config.webDist);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (applyCors(req, res)) return;
    const prefix = Object.keys(services).find((p) => url.pathname === p || url.pathname.startsWith(p + '/'));
    if (prefix) {
      if (keyed.has(prefix)) checkApiKey(req, url, config);
      return services[prefix]!.handle(req, res, url.pathname.slice(prefix.length) || '/', url);
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      // The REST facade is the `api` edge function, reached without the /functions/v1 prefix.
      return services['/functions/v1']!.handle(req, res, url.pathname, url);
    }
    if (url.pathname.startsWith('/realtime/v1')) {
      return sendJson(res, 404, { message: 'Not found' });
    }
    return serveStatic(req, res, url.pathname);
  }

  const server = http.createServer((req, res) => {
    const started = performance.now();
    if (config.logRequests) {
      res.on('finish', () => {
        const ms = (performance.now() - started).toFixed(1);
        log(`${req.method} ${(req.url ?? '/').split('?')[0]} ${res.statusCode} ${ms}ms`);
      });
    }
    route(req, res).catch((e: unknown) => {
      if (e instanceof HttpError) {
        if (typeof e.body === 'string') sendRaw(res, e.status, e.body, e.headers);
        else sendJson(res, e.status, e.body, e.headers);
        return;
      }
      log(`unhandled error on ${req.method} ${req.url}: ${(e as Error)?.stack ?? String(e)}`);
      sendJson(res, 500, { message: 'Internal Server Error' });
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === '/realtime/v1/websocket') realtime.handleUpgrade(req, socket, head);
    else socket.destroy();
  });

  return {
    server,
    ctx,
    fresh,
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    async close() {
      await realtime.close();
      await Promise.all(Object.values(services).map((s) => s.close?.()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (!options.db) await db.close();
    },
  };
}
