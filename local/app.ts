import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAuthService } from './auth/index.ts';
import { startBackupSchedule } from './backup/schedule.ts';
import { createDbAdminService, DB_ADMIN_PATH } from './backup/service.ts';
import { prepareDatabase } from './bootstrap/migrate.ts';
import { loadSeedMedia } from './bootstrap/seed-media.ts';
import { readSeedStripeObjects } from './bootstrap/seed-stripe.ts';
import { isAllowedOrigin, type StackConfig } from './config.ts';
import type { HttpService, Logger, StackContext, UpgradeService } from './context.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { isDatabaseUnavailable, outageLogger, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './db/unavailable.ts';
import { createFunctionsService } from './functions/index.ts';
import { checkApiKey } from './gateway.ts';
import { AdmissionGate } from './http/admission.ts';
import { LoopLag } from './http/loop-lag.ts';
import { rememberClientIp, resolveClientIp, resolveInternalClientIp, TrustedProxies } from './http/client-ip.ts';
import { applyCors } from './http/cors.ts';
import { HttpError } from './http/http-error.ts';
import { sendJson, sendRaw } from './http/io.ts';
import { listenOn } from './http/listen.ts';
import { logRequest } from './http/request-log.ts';
import { createRealtimeService, type RealtimeService } from './realtime/index.ts';
import { createRestService } from './rest/index.ts';
import { createPublicPageMeta } from './public-page-meta.ts';
import { createPublicCampaignPage } from './public-campaign-page.ts';
import { createStaticHandler } from './static.ts';
import { startScheduler } from './scheduler/index.ts';
import { createStorageService } from './storage/index.ts';
import { createPlatformDoubles } from './platforms/index.ts';
import { createStripeDouble } from './stripe/index.ts';
import { startMailCatcher } from './mail/catcher.ts';
import { createMailer } from './mail/send.ts';
import { createMailViewer, MAIL_VIEWER_PATH } from './mail/viewer.ts';

export interface Stack {
  server: http.Server;
  /**
   * The listener the stack's own edge functions call back on (their SUPABASE_URL): loopback only, on a
   * port the OS picks. Requests on it come from inside the platform, so their X-Forwarded-For is believed.
   */
  internalServer: http.Server;
  ctx: StackContext;
  /** The gate in front of the database (its counts are what benches and tests read). */
  admission: AdmissionGate;
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
  /**
   * The public server, already listening: main binds the port before the database is touched, so a taken
   * port fails fast without opening (or locking) the data directory. Its request listeners are replaced.
   */
  server?: http.Server;
}

/** Builds the whole local Supabase surface over one database, ready to listen. */
export async function createStack(config: StackConfig, options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db =
    options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 50 }));
  const { fresh } = await prepareDatabase(db, { supabaseDir: config.supabaseDir, seed: options.seed, log });
  // Started before anything can send: Auth's emails and the emails function both go through it.
  const catcher = config.mailCatcher
    ? await startMailCatcher({ host: '127.0.0.1', port: config.mailCatcherPort, log })
    : undefined;
  if (catcher) config.smtp.port = catcher.port;
  const ctx: StackContext = { config, db, log, mail: { mailer: createMailer(() => config.smtp), catcher } };

  const stripeDouble = await createStripeDouble(ctx);
  // The seed's payments and payouts went through no Stripe: the double is given their objects (the missing
  // ones, at every start), so a fresh demo reconciles with it and every seeded hire and payout can be acted on.
  if (config.stripeDouble !== 'off') await stripeDouble.addSeed(await readSeedStripeObjects(db));
  const storage = createStorageService(ctx);
  // The seed's pictures the database names and Storage lacks (after a db:reset, or a first start).
  await storage.ready;
  await loadSeedMedia(db, storage.files, config.supabaseDir, log);
  const services: Record<string, HttpService> = {
    '/auth/v1': createAuthService(ctx),
    '/rest/v1': createRestService(ctx),
    '/functions/v1': createFunctionsService(ctx),
    '/storage/v1': storage,
    // Stripe's API and test checkout pages, for payments on the local stack (the double checks its own key).
    '/v1': stripeDouble,
    '/v2': stripeDouble,
    '/stripe': stripeDouble,
    // Instagram, TikTok and YouTube stand-ins for connected accounts (decision 0052): each real host is a
    // prefix below /platforms, so the functions switch to the real platforms by their base URL variables.
    '/platforms': createPlatformDoubles(),
  };
  // The schedule of app.scheduled_jobs (pg_cron's job on hosted Supabase); its test hook only on request.
  const scheduler = await startScheduler(ctx, { functionsUrl: () => config.internalUrl ?? `http://127.0.0.1:${config.port}`, tick: config.scheduler });
  if (config.testHooks) services['/_test'] = scheduler.testHook;
  // With SMTP_HOST set the mail went to a real server: nothing to view, and /_mail is the SPA's as before.
  if (catcher) services[MAIL_VIEWER_PATH] = createMailViewer(catcher);
  // db:check and db:backup while the stack holds the data directory (this machine and the service key only).
  services[DB_ADMIN_PATH] = createDbAdminService(ctx);
  const backups = startBackupSchedule(ctx);
  const keyed = new Set(['/auth/v1', '/rest/v1']);
  // Browsers' database-bound requests wait for a turn here, where a wait too long can be refused (503 with
  // Retry-After), rather than inside the database. Only on the public listener: the edge functions' calls
  // back to the stack belong to a request already admitted, and making them queue behind new ones could
  // deadlock a function holding a turn. Functions themselves run in Deno, not in the database, so pass.
  const loopLag = new LoopLag();
  const admission = new AdmissionGate(
    {
      concurrency: config.admission.concurrency ?? (db.kind === 'pglite' ? 8 : 64),
      maxWaitMs: config.admission.maxWaitMs,
      // Off by default on a server: its queries run elsewhere, and a bcrypt comparison (~90 ms on this thread)
      // should not refuse others' requests.
      // Off unless asked for (bench:load sets it): a start-up's migrations or a bcrypt hash also make the thread late, and a
      // refusal then would fail an ordinary request right after a restart.
      maxLagMs: config.admission.maxLagMs ?? 0,
    },
    () => loopLag.lagMs,
  );
  const gated = new Set(['/auth/v1', '/rest/v1']);
  const realtime: RealtimeService = await createRealtimeService(ctx);
  const serveStatic = createStaticHandler(config.webDist, {
    pageMeta: createPublicPageMeta(db, config.publicUrl),
    campaignPage: createPublicCampaignPage(config.webDist),
  });

  async function route(req: IncomingMessage, res: ServerResponse, internal: boolean): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (applyCors(req, res, (origin) => isAllowedOrigin(config, origin))) return;
    const prefix = Object.keys(services).find((p) => url.pathname === p || url.pathname.startsWith(p + '/'));
    if (prefix) {
      if (keyed.has(prefix)) checkApiKey(req, url, config);
      const handle = () => services[prefix]!.handle(req, res, url.pathname.slice(prefix.length) || '/', url);
      if (internal || !gated.has(prefix)) return handle();
      const gone = new AbortController();
      const onClose = () => gone.abort();
      res.once('close', onClose);
      const release = await admission.enter(gone.signal);
      res.off('close', onClose);
      try {
        return await handle();
      } finally {
        release();
      }
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      // The REST facade is the `api` edge function, reached without the /functions/v1 prefix.
      return services['/functions/v1']!.handle(req, res, url.pathname, url);
    }
    if (url.pathname === '/realtime/v1' || url.pathname.startsWith('/realtime/v1/')) {
      // Realtime's HTTP API (broadcast); it checks the apikey itself, as hosted Realtime does.
      return realtime.handle(req, res, url.pathname.slice('/realtime/v1'.length) || '/', url);
    }
    // Supabase APIs this stack does not serve (docs/decisions/0012): what Kong answers for a path it has no
    // service for, so a client sees a JSON 404 instead of the SPA's index.html.
    if (/^\/graphql\/v1(\/|$)/.test(url.pathname)) {
      return sendJson(res, 404, { message: 'no Route matched with those values' });
    }
    return serveStatic(req, res, url.pathname);
  }

  const trusted = new TrustedProxies(config.trustedProxies);
  const logOutage = outageLogger(log, 'gateway');
  const onRequest = (internal: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    rememberClientIp(req, internal ? resolveInternalClientIp(req) : resolveClientIp(req, trusted));
    logRequest(config, log, req, res);
    route(req, res, internal).catch((e: unknown) => {
      if (e instanceof HttpError) {
        if (typeof e.body === 'string') sendRaw(res, e.status, e.body, e.headers);
        else sendJson(res, e.status, e.body, e.headers);
        return;
      }
      if (isDatabaseUnavailable(e)) {
        // Whatever service let it through: an outage is a 503 to retry, its cause (an address) for the log only.
        logOutage(e, `${req.method} ${(req.url ?? '/').split('?')[0]}`);
        sendJson(res, 503, { message: UNAVAILABLE_MESSAGE }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
        return;
      }
      log(`unhandled error on ${req.method} ${req.url}: ${(e as Error)?.stack ?? String(e)}`);
      sendJson(res, 500, { message: 'Internal Server Error' });
    });
  };
  const server = options.server ?? http.createServer();
  server.removeAllListeners('request');
  server.on('request', onRequest(false));
  const internalServer = http.createServer(onRequest(true));
  for (const s of [server, internalServer]) {
    s.keepAliveTimeout = 65_000;
    s.on('clientError', (_err, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
  }
  server.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === '/realtime/v1/websocket') realtime.handleUpgrade(req, socket, head);
    else socket.destroy();
  });

  return {
    server,
    internalServer,
    ctx,
    admission,
    fresh,
    async listen() {
      if (!server.listening) await listenOn(server, config.port, config.host);
      await listenOn(internalServer, 0, '127.0.0.1');
      config.internalUrl = `http://127.0.0.1:${(internalServer.address() as AddressInfo).port}`;
    },
    async close() {
      loopLag.stop();
      backups.close();
      await scheduler.close();
      await realtime.close();
      await catcher?.close();
      await Promise.all(Object.values(services).map((s) => s.close?.()));
      await Promise.all(
        [server, internalServer].map(
          (s) =>
            new Promise<void>((resolve) => {
              if (!s.listening) return resolve();
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      if (!options.db) await db.close();
    },
  };
}
