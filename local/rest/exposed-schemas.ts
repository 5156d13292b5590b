import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** The schemas PostgREST exposes: `[api] schemas` of supabase/config.toml (the first is the default). */
export function exposedSchemas(supabaseDir: string): string[] {
  let schemas: unknown;
  try {
    const toml = parse(readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as { api?: { schemas?: unknown } };
    schemas = toml.api?.schemas;
  } catch {
    schemas = undefined;
  }
  return Array.isArray(schemas) && schemas.length && schemas.every((s) => typeof s === 'string') ? (schemas as string[]) : ['api'];
}
