/**
 * What suites outside local/ need from the runtime, in one place: tests and e2e specs import testkit/,
 * testkit/ imports local/, and local/ never imports either (the lint zones hold all three to that).
 */
export { loadConfig, repoRoot } from '../local/config.ts';
export type { Database, PgError, Queryable } from '../local/db/database.ts';
export { resolveDenoBinary } from '../local/functions/deno-binary.ts';
export { signJwt } from '../local/jwt.ts';
export { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from '../local/stripe/index.ts';
