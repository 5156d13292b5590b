import type { HttpService, StackContext } from '../context.ts';
import { sendJson } from '../http/io.ts';

/** GoTrue-compatible /auth/v1 (placeholder until the auth module lands). */
export function createAuthService(_ctx: StackContext): HttpService {
  return {
    async handle(_req, res) {
      sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    },
  };
}
