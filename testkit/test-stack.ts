import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { nodeClient } from './node-client.ts';
import { createStack, type Stack } from '../local/app.ts';
import { loadConfig, type StackConfig } from '../local/config.ts';
import { isLoopbackHost } from '../local/exposure.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestStack {
  url: string;
  config: StackConfig;
  stack: Stack;
  database: TestDatabase;
  anonKey: string;
  serviceRoleKey: string;
  /** A supabase-js client on the `api` schema, as the web app makes it. */
  client(opts?: { key?: string }): SupabaseClient<any, 'api', 'api'>;
  close(): Promise<void>;
}

/** The whole stack on a free port over its own database, for tests that drive it over HTTP. */
export async function startTestStack(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    log?: (line: string) => void;
    /** A database of the caller's (a private cluster a test stops and starts); dropped by close() like the default one. */
    database?: TestDatabase;
    /** A Postgres server of the caller's (a private cluster a test restarts): a scratch database on it. */
    serverUrl?: string;
  } = {},
): Promise<TestStack> {
  const database = opts.database ?? (await openTestDatabase({ migrate: false, serverUrl: opts.serverUrl }));
  // No minute ticks in tests: a test runs the schedule itself when it needs it.
  const server = opts.serverUrl ? { DATABASE_URL: database.url! } : {};
  const config = loadConfig({ ...process.env, ...server, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', SCHEDULER: 'off', ...opts.env });
  const stack = await createStack(config, { db: database.db, seed: opts.seed ?? false, log: opts.log ?? (() => undefined) });
  await stack.listen();
  const port = (stack.server.address() as AddressInfo).port;
  // Bound to one interface's address, the stack is reachable there only; a wildcard or loopback HOST on 127.0.0.1.
  const oneInterface = !isLoopbackHost(config.host) && config.host !== '0.0.0.0' && config.host !== '::';
  const url = `http://${oneInterface ? config.host : '127.0.0.1'}:${port}`;
  config.port = port;
  // As `npm start` with PUBLIC_URL unset: http://localhost:PORT whatever HOST is (unreachable when HOST is
  // one interface's address, as for an operator who sets HOST only), so the stack must not rely on it.
  config.publicUrl = oneInterface ? `http://localhost:${port}` : url;
  // The app is served by the stack itself: Stripe's onboarding sends creators back here.
  if (!opts.env?.SITE_URL && !process.env.SITE_URL) config.siteUrl = url;
  return {
    url,
    config,
    stack,
    database,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    client: (o = {}) => nodeClient(url, o.key ?? config.anonKey),
    async close() {
      await stack.close();
      await database.drop();
    },
  };
}
