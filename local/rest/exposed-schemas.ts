import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { RestSettings } from './rpc.ts';

/**
 * What PostgREST is configured with in supabase/config.toml `[api]`: the exposed `schemas` (the first is
 * the default; `api` when unset) and `max_rows` (PostgREST's db-max-rows, capping every read).
 */
export function restSettings(supabaseDir: string): RestSettings {
  let api: { schemas?: unknown; max_rows?: unknown } | undefined;
  try {
    api = (parse(readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as { api?: typeof api }).api;
  } catch {
    api = undefined;
  }
  const schemas = api?.schemas;
  const maxRows = api?.max_rows;
  return {
    schemas: Array.isArray(schemas) && schemas.length && schemas.every((s) => typeof s === 'string') ? (schemas as string[]) : ['api'],
    maxRows: typeof maxRows === 'number' && Number.isInteger(maxRows) && maxRows > 0 ? maxRows : undefined,
  };
}
