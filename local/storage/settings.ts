import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { StackConfig } from '../config.ts';

export interface StorageSettings {
  /** Where object bytes live (config.storageDir). */
  dir: string;
  /** The server's global upload limit: STORAGE_FILE_SIZE_LIMIT, else config.toml `[storage] file_size_limit`. */
  fileSizeLimit: number;
}

const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** "50MiB", "1GiB", "2MB" (the CLI's forms) or a number of bytes. */
export function parseSize(value: unknown, fallback: number): number {
  if (typeof value === 'number' && value > 0) return Math.floor(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)\s*$/i.exec(value) : null;
  return m ? Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!) : fallback;
}

export function storageSettings(config: StackConfig): StorageSettings {
  let storage: { file_size_limit?: unknown } | undefined;
  try {
    storage = (parse(readFileSync(path.join(config.supabaseDir, 'config.toml'), 'utf8')) as { storage?: typeof storage }).storage;
  } catch {
    storage = undefined;
  }
  // 50 MiB is the CLI's default for a project that sets none.
  return { dir: config.storageDir, fileSizeLimit: parseSize(config.storageFileSizeLimit ?? storage?.file_size_limit, 50 * 1024 ** 2) };
}
