import type { HttpService, StackContext } from '../context.ts';
import { sendJson } from '../http/io.ts';

export function createRestService(_ctx: StackContext): HttpService {
  return {
    async handle(_req, res) {
      sendJson(res, 404, {});
    },
  };
}
