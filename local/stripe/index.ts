import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { createApiHandler } from './api-handler.ts';
import { loadStripeDoubleConfig, type StripeDoubleConfig } from './config.ts';
import { StripeCore } from './core.ts';
import { StripeStore } from './store.ts';
import { createTestPagesHandler } from './test-pages.ts';

export { stripeFunctionEnv, LOCAL_STRIPE_PUBLISHABLE_KEY, LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from './config.ts';

/** The Stripe test double as mounted on the stack: one service for both `/v1/*` and `/stripe/*`. */
export interface StripeDouble extends HttpService {
  readonly config: StripeDoubleConfig;
  /** Resolves when no webhook delivery is running or scheduled (tests). */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Stripe: the API subset the payment functions call (reached through the `stripe`
 * SDK's host/port/protocol settings), signed webhook deliveries with retries, and test checkout pages.
 * It routes on `url.pathname`, so `subpath` may be relative to either mount point. Settings come from
 * STRIPE_* variables (see config.ts); `env` defaults to process.env and is read at each webhook delivery
 * for STRIPE_WEBHOOK_URL.
 */
export async function createStripeDouble(ctx: StackContext, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<StripeDouble> {
  const config = loadStripeDoubleConfig(ctx.config, opts.env ?? process.env);
  const store = await StripeStore.open(config.stateFile, ctx.log);
  const core = new StripeCore(store, config, ctx.config, ctx.log);
  core.resumePendingDeliveries();
  const api = createApiHandler(core);
  const pages = createTestPagesHandler(core);
  return {
    config,
    async handle(req: IncomingMessage, res: ServerResponse, _subpath: string, url: URL): Promise<void> {
      if (url.pathname.startsWith('/v1/')) return api(req, res, url);
      return pages(req, res, url);
    },
    webhooksIdle: () => core.webhooks.idle(),
    async close() {
      core.webhooks.close();
      await store.save();
    },
  };
}
