import type { ApiResult } from '../context.ts';
import { openApiDocument } from '../openapi.ts';

/** GET /api/health: the function is up (no session, no database). */
export function health(): Promise<ApiResult> {
  return Promise.resolve({ status: 200, body: { status: 'ok' } });
}

/** GET /api/openapi.json: this API's own description. */
export function describeApi(): Promise<ApiResult> {
  return Promise.resolve({ status: 200, body: openApiDocument });
}
