import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { loadConfig, type StackConfig } from '../local/config.ts';
import type { Database } from '../local/db/database.ts';
import { createStripeDouble, type StripeDouble } from '../local/stripe/index.ts';

/** A database that fails on use: the double keeps its own state and must never touch the app's data. */
const NO_DATABASE = new Proxy({} as Database, {
  get() {
    throw new Error('the Stripe double must not use the database');
  },
});

export interface DoubleHarness {
  url: string;
  port: number;
  stack: StackConfig;
  double: StripeDouble;
  env: NodeJS.ProcessEnv;
  logs: string[];
  /** The real stripe-node SDK pointed at the double, as the functions configure it. */
  stripe(key?: string): Stripe;
  close(): Promise<void>;
}

/**
 * The double mounted on its own HTTP server the way app.ts mounts it (`/v1/*` and `/stripe/*`), with
 * fast webhook retries and memory-only state unless `env` says otherwise.
 */
/** The double sends no email. */
const NO_MAIL = { send: async () => { throw new Error('the Stripe double sends no email'); } };

export async function startDouble(env: Record<string, string> = {}): Promise<DoubleHarness> {
  const stack = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false' });
  const doubleEnv: NodeJS.ProcessEnv = { STRIPE_STATE_FILE: 'memory', STRIPE_WEBHOOK_RETRY_MS: '20', STRIPE_WEBHOOK_MAX_ATTEMPTS: '4', ...env };
  const logs: string[] = [];
  const double = await createStripeDouble({ config: stack, db: NO_DATABASE, log: (l) => logs.push(l), mail: { mailer: NO_MAIL } }, { env: doubleEnv });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const prefix = ['/v1', '/v2', '/stripe'].find((p) => url.pathname.startsWith(`${p}/`));
    if (!prefix) {
      res.writeHead(404).end();
      return;
    }
    double.handle(req, res, url.pathname.slice(prefix.length), url).catch((e: unknown) => {
      logs.push(`unhandled: ${String(e)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  stack.port = port;
  stack.publicUrl = url;
  stack.siteUrl = url;
  return {
    url,
    port,
    stack,
    double,
    env: doubleEnv,
    logs,
    stripe: (key = double.config.secretKey) =>
      new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 }),
    async close() {
      await double.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint that records what it gets and answers the statuses it is given, then 200. */
export async function startWebhookReceiver(statuses: number[] = [], opts: { delayMs?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"received":true}'), opts.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/stripe-webhook`;
  return {
    url,
    received,
    statuses,
    events: () => received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: { object: Record<string, unknown> } }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What the double holds for one creator, read from its state file (STRIPE_STATE_FILE): counted at Stripe's side. */
export async function recipientObjectsOf(stateFile: string, creatorId: string): Promise<{ accounts: string[]; accountLinks: number }> {
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as {
    accounts: Record<string, { id: string; metadata?: Record<string, string> | null }>;
    accountLinks: Record<string, { link: { account: string } }>;
  };
  const accounts = Object.values(state.accounts).filter((a) => a.metadata?.creator_id === creatorId).map((a) => a.id);
  const accountLinks = Object.values(state.accountLinks).filter((l) => accounts.includes(l.link.account)).length;
  return { accounts, accountLinks };
}
