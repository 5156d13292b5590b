import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.ts';

/** npm package of the Deno binary for each platform the `deno` package ships (its optionalDependencies). */
function platformPackage(): string | undefined {
  const arch = process.arch === 'x64' ? 'x64' : process.arch === 'arm64' ? 'arm64' : undefined;
  if (!arch) return undefined;
  if (process.platform === 'linux') return `@deno/linux-${arch}-glibc`;
  if (process.platform === 'darwin') return `@deno/darwin-${arch}`;
  if (process.platform === 'win32') return `@deno/win32-${arch}`;
  return undefined;
}

/**
 * Path of the native Deno executable installed by the `deno` npm package. The native file is spawned
 * directly: node_modules/.bin/deno can be a Node shim (bin.cjs) that would add a Node process per function.
 * DENO_BINARY overrides the lookup.
 */
export function resolveDenoBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DENO_BINARY) return env.DENO_BINARY;
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const pkg = platformPackage();
  const candidates = [
    ...(pkg ? [path.join(repoRoot, 'node_modules', pkg, exe)] : []),
    // The package's postinstall copies the native binary over its own bin entry.
    path.join(repoRoot, 'node_modules', 'deno', exe),
    path.join(repoRoot, 'node_modules', '.bin', exe),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(`Deno is not installed (looked for ${candidates.join(', ')}). Run npm install.`);
  }
  return found;
}
