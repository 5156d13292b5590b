import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { sendJson } from '../http/io.ts';
import { isFromThisMachine } from '../http/this-machine.ts';
import { BackupRefusedError, takeBackup } from './archive.ts';
import { checkDatabase } from './check.ts';

/** Where db:check and db:backup reach a running stack, which holds the data directory's lock. */
export const DB_ADMIN_PATH = '/_db';

/**
 * db:check and db:backup through the running stack: a second process cannot open PGlite's files while the
 * stack has them (local/db/data-dir-lock.ts), so the stack reads its own database. A backup holds every
 * row, password hashes included, so it answers this machine only (isFromThisMachine) and the service_role
 * key only; anyone else gets the 404 of a path that does not exist.
 *   POST /_db/check   the check's report (JSON)
 *   POST /_db/backup  the check, then the data directory as application/gzip; 409 with the report on damage
 */
export function createDbAdminService(ctx: StackContext): HttpService {
  return {
    async handle(req: IncomingMessage, res: ServerResponse, subpath: string) {
      if (!isFromThisMachine(req) || serviceKey(req) !== ctx.config.serviceRoleKey) {
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      if (req.method !== 'POST') return sendJson(res, 405, { message: 'use POST' });
      if (subpath === '/check') return sendJson(res, 200, await checkDatabase(ctx.db));
      if (subpath === '/backup') {
        if (!ctx.db.dumpDataDir) return sendJson(res, 400, { message: 'this stack runs on a Postgres server: back it up with pg_dump' });
        try {
          const { bytes } = await takeBackup(ctx.db);
          res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length, 'cache-control': 'no-store' });
          res.end(bytes);
          ctx.log(`db:backup: ${bytes.length} bytes sent`);
          return;
        } catch (e) {
          if (e instanceof BackupRefusedError) return sendJson(res, 409, { message: e.message, report: e.report });
          throw e;
        }
      }
      return sendJson(res, 404, { message: 'no Route matched with those values' });
    },
  };
}

function serviceKey(req: IncomingMessage): string | undefined {
  const key = req.headers.apikey;
  return Array.isArray(key) ? key[0] : key;
}
