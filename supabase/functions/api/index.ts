import { readFunctionEnv } from '../_shared/function-env.ts';
import { createApiHandler } from './handler.ts';

/**
 * The /api REST facade, reached at `/api/...` (the local stack forwards those paths here; on a hosted
 * project put a rewrite from /api/* to /functions/v1/api/* in front). verify_jwt is off: the facade
 * authenticates by its own session cookie.
 */
Deno.serve(createApiHandler(readFunctionEnv()));
