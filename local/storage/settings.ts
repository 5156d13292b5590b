import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { StackConfig } from '../config.ts';

export interface StorageSettings {
  /** Where object bytes live: STORAGE_DIR, else `storage/` in the data directory (a temporary one under vitest). */
  dir: string;
  /** The server's global upload limit, supabase/config.toml `[storage] file_size_limit` (the CLI's "50MiB" form). */
  fileSizeLimit: number;
}

const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** "50MiB", "1GiB", "2MB" or a number of bytes. */
export function parseSize(value: unknown, fallback: number): number {
  if (typeof value === 'number' && value > 0) return Math.floor(value);
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)\s*$/i.exec(value) : null;
  return m ? Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!) : fallback;
}

export function storageSettings(config: StackConfig, env: NodeJS.ProcessEnv = process.env): StorageSettings {
  let storage: { file_size_limit?: unknown } | undefined;
  try {
    storage = (parse(readFileSync(path.join(config.supabaseDir, 'config.toml'), 'utf8')) as { storage?: typeof storage }).storage;
  } catch {
    storage = undefined;
  }
  const dir =
    env.STORAGE_DIR ||
    // Tests never write into the developer's .data/ (as the Stripe double's state file under vitest).
    (env.VITEST ? path.join(tmpdir(), `local-storage-${randomUUID()}`) : path.join(config.dataDir, 'storage'));
  return { dir, fileSizeLimit: parseSize(env.STORAGE_FILE_SIZE_LIMIT ?? storage?.file_size_limit, 50 * 1024 ** 2) };
}
