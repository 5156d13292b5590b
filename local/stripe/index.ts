import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { sendJson } from '../http/io.ts';
import { createApiHandler } from './api-handler.ts';
import { resumeOutboundPayments } from './outbound-payment-steps.ts';
import { loadStripeDoubleConfig, type StripeDoubleConfig } from './config.ts';
import { StripeCore } from './core.ts';
import { addSeedObjects, type SeedStripeObjects } from './seed-objects.ts';
import { StripeStore } from './store.ts';
import { createTestPagesHandler } from './test-pages.ts';
import { createV2ApiHandler } from './v2-api-handler.ts';

export type { SeedStripeObjects } from './seed-objects.ts';
export { stripeFunctionEnv, LOCAL_STRIPE_PUBLISHABLE_KEY, LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from './config.ts';

/** The Stripe test double as mounted on the stack: one service for `/v1/*`, `/v2/*` and `/stripe/*`. */
export interface StripeDouble extends HttpService {
  readonly config: StripeDoubleConfig;
  /** Resolves when no webhook delivery, and no delayed step that would emit one, is running or scheduled (tests). */
  webhooksIdle(): Promise<void>;
  /**
   * Makes the Stripe objects the database's seed refers to exist (those missing only, without events), as
   * if the seed's payments and payouts had gone through Stripe; resolves once saved, with how many were added.
   */
  addSeed(seed: SeedStripeObjects): Promise<number>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Stripe: the API subset the payment and payout functions call (v1 payments, v2
 * Global Payouts; reached through the `stripe` SDK's host/port/protocol settings), signed webhook
 * deliveries with retries (v1 snapshot events and v2 thin events), and test checkout and onboarding pages.
 * It routes on `url.pathname`, so `subpath` may be relative to either mount point. Settings come from
 * STRIPE_* variables (see config.ts); `env` defaults to process.env and is read at each webhook delivery
 * for STRIPE_WEBHOOK_URL.
 */
export async function createStripeDouble(ctx: StackContext, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<StripeDouble> {
  const config = loadStripeDoubleConfig(ctx.config, opts.env ?? process.env);
  if (ctx.config.stripeDouble === 'off') return switchedOff(config);
  const store = await StripeStore.open(config.stateFile, ctx.log);
  const core = new StripeCore(store, config, ctx.config, ctx.log);
  core.resumePendingDeliveries();
  resumeOutboundPayments(core);
  const api = createApiHandler(core);
  const v2 = createV2ApiHandler(core);
  const pages = createTestPagesHandler(core);
  return {
    config,
    async handle(req: IncomingMessage, res: ServerResponse, _subpath: string, url: URL): Promise<void> {
      if (url.pathname.startsWith('/v1/')) return api(req, res, url);
      if (url.pathname.startsWith('/v2/')) return v2(req, res, url);
      return pages(req, res, url);
    },
    webhooksIdle: () => core.idle(),
    async addSeed(seed) {
      const added = addSeedObjects(core, seed);
      if (added > 0) await store.save();
      return added;
    },
    async close() {
      core.close();
      await store.save();
    },
  };
}

/**
 * STRIPE_DOUBLE=off: none of the double is served and its state file is not opened. Its paths answer what
 * the gateway answers for a path it has no service for (Kong's 404), as on a hosted project.
 */
function switchedOff(config: StripeDoubleConfig): StripeDouble {
  return {
    config,
    async handle(_req: IncomingMessage, res: ServerResponse): Promise<void> {
      sendJson(res, 404, { message: 'no Route matched with those values' });
    },
    webhooksIdle: async () => undefined,
    addSeed: async () => 0,
    async close() {},
  };
}
