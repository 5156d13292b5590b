import type { HttpService, StackContext } from '../context.ts';
import { sendRaw } from '../http/io.ts';

/** Edge functions under Deno (placeholder until the functions module lands). */
export function createFunctionsService(_ctx: StackContext): HttpService {
  return {
    async handle(_req, res) {
      sendRaw(res, 404, 'Function not found', { 'Content-Type': 'text/plain' });
    },
  };
}
