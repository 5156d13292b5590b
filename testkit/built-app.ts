import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildWeb } from '../scripts/build-web.ts';
import { startTestStack, type TestStack } from './test-stack.ts';

export interface BuiltApp extends TestStack {
  /** The folder the SPA was built into (removed by close()); room for a tool's own output too. */
  webDist: string;
}

/**
 * The SPA built into a folder of its own and served by the whole stack over a scratch database, seeded
 * unless told otherwise
 * (PGlite, or a scratch database on DATABASE_URL's server), for the e2e suite and the browser benches.
 * A folder of its own, so parallel runs (and a running `npm start`) never serve each other's files.
 * Sign-in rate limits are lifted: a suite signs in far more often than one visitor would.
 */
export async function startBuiltApp(opts: { label: string; seed?: boolean; log?: (line: string) => void }): Promise<BuiltApp> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), `${opts.label}-web-`));
  try {
    await buildWeb({ outDir: webDist });
    const ts = await startTestStack({ seed: opts.seed ?? true, env: { WEB_DIST: webDist, AUTH_RATE_LIMIT: '10000', LOCAL_TEST_HOOKS: '1' }, log: opts.log });
    // Redirects in auth emails and the payment return URL name the address actually listened on.
    ts.config.siteUrl = ts.url;
    return {
      ...ts,
      webDist,
      async close() {
        try {
          await ts.close();
        } finally {
          await rm(webDist, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    await rm(webDist, { recursive: true, force: true });
    throw e;
  }
}
