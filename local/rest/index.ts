import type { HttpService, StackContext } from '../context.ts';
import { restSettings } from './exposed-schemas.ts';
import { databaseUnavailability, outageLogger } from '../db/unavailable.ts';
import { FunctionCatalog, SchemaCacheUnavailable } from './function-catalog.ts';
import { postgrestError, postgrestUnavailable } from './postgrest-error.ts';
import { handleRpc } from './rpc.ts';

/**
 * PostgREST-compatible /rest/v1: only RPC into the exposed schema. Tables are not part of the API
 * (they live in a private schema), so any other path answers PostgREST's not-found error.
 */
export function createRestService(ctx: StackContext): HttpService & { catalog: FunctionCatalog } {
  const settings = restSettings(ctx.config.supabaseDir);
  const catalog = new FunctionCatalog(ctx.db, settings.schemas);
  const logOutage = outageLogger(ctx.log, 'rest');
  return {
    catalog,
    async handle(req, res, subpath, url) {
      const rpc = /^\/rpc\/([^/]+)\/?$/.exec(subpath);
      if (rpc) {
        try {
          return await handleRpc(ctx, catalog, settings, req, res, decodeURIComponent(rpc[1]!), url);
        } catch (e) {
          // A database outage anywhere in the call (schema cache, role lookup, the call itself) is a 503.
          const kind = e instanceof SchemaCacheUnavailable ? 'schema_cache' : databaseUnavailability(e);
          if (!kind) throw e;
          logOutage(e, `${req.method} ${url.pathname}`);
          throw postgrestUnavailable(kind);
        }
      }
      const table = subpath.replace(/^\/+|\/+$/g, '');
      throw postgrestError(404, {
        code: 'PGRST205',
        message: table ? `Could not find the table '${settings.schemas[0]}.${table}' in the schema cache` : 'Not found',
      });
    },
  };
}
