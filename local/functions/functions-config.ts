import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** One `[functions.NAME]` table of supabase/config.toml, with the CLI's defaults filled in. */
export interface FunctionSettings {
  /** `verify_jwt`, default true: non-OPTIONS requests need a valid Bearer JWT. */
  verifyJwt: boolean;
  /** `enabled`, default true: a disabled function answers 404 like a missing one. */
  enabled: boolean;
  /** Absolute entrypoint from `entrypoint` (relative to supabase/), else functions/NAME/index.ts. */
  entrypoint: string | undefined;
  /** Absolute import map from `import_map` (relative to supabase/), when set. */
  importMap: string | undefined;
}

export type FunctionsConfig = Map<string, FunctionSettings>;

/** Function names the Supabase CLI accepts (its slug pattern); `_shared` and the like are not functions. */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * Reads the `[functions]` tables of `<supabaseDir>/config.toml`. A missing file means every function
 * gets the defaults; a malformed one throws so the stack does not start with a misread security setting.
 */
export function loadFunctionsConfig(supabaseDir: string): FunctionsConfig {
  const file = path.join(supabaseDir, 'config.toml');
  const config: FunctionsConfig = new Map();
  if (!existsSync(file)) return config;
  let doc: Record<string, unknown>;
  try {
    doc = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  const functions = doc.functions;
  if (functions === undefined) return config;
  if (!isTable(functions)) throw new Error(`${file}: [functions] must be a table`);
  for (const [name, raw] of Object.entries(functions)) {
    if (!isTable(raw)) throw new Error(`${file}: [functions.${name}] must be a table`);
    config.set(name, {
      verifyJwt: bool(raw.verify_jwt, true, `${file}: functions.${name}.verify_jwt`),
      enabled: bool(raw.enabled, true, `${file}: functions.${name}.enabled`),
      entrypoint: filePath(raw.entrypoint, supabaseDir, `${file}: functions.${name}.entrypoint`),
      importMap: filePath(raw.import_map, supabaseDir, `${file}: functions.${name}.import_map`),
    });
  }
  return config;
}

/** Settings of one function: its table, or the CLI's defaults when config.toml does not name it. */
export function functionSettings(config: FunctionsConfig, name: string): FunctionSettings {
  return config.get(name) ?? { verifyJwt: true, enabled: true, entrypoint: undefined, importMap: undefined };
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bool(value: unknown, fallback: boolean, where: string): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`${where} must be true or false`);
  return value;
}

function filePath(value: unknown, supabaseDir: string, where: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${where} must be a path`);
  return path.resolve(supabaseDir, value);
}
