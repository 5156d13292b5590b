// @ts-check
// `npm start`. Plain JavaScript on purpose (decision 0008): a TypeScript loader such as tsx keeps a module
// hook thread and its own heap alive for the life of the process, about 40 MB of the idle stack. So this
// launcher bundles scripts/start.ts and local/ with esbuild (well under a second) and runs the bundle
// with plain Node. The bundle lives under node_modules/.cache, where it resolves the same packages.
import { build, stop } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, 'node_modules/.cache/marketplace-start');
// One folder per process, so two stacks started from one checkout never rewrite each other's chunks.
const outdir = path.join(cache, String(process.pid));

/** Folders left by stacks that are no longer running (killed before their exit handler ran). */
function removeStaleBundles() {
  let entries = [];
  try {
    entries = readdirSync(cache);
  } catch {
    return;
  }
  for (const name of entries) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    rmSync(path.join(cache, name), { recursive: true, force: true });
  }
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
  }
}

removeStaleBundles();
process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));

try {
  await build({
    entryPoints: [path.join(root, 'scripts/start.ts')],
    outdir,
    bundle: true,
    // Chunks keep dynamic imports lazy: PGlite is loaded only without DATABASE_URL, pg only with it.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    keepNames: true,
    logLevel: 'warning',
  });
} catch (e) {
  // A full disk here is not a bug of the stack: say so without esbuild's trace (issue 31).
  if (/no space left on device/i.test(String(/** @type {Error} */ (e)?.message))) {
    console.error(`error: no space left on the device holding ${cache}: free some space there, then start again.`);
    process.exit(1);
  }
  throw e;
}
// esbuild's service is a child process that would otherwise stay resident beside the stack.
await stop();

await import(pathToFileURL(path.join(outdir, 'start.mjs')).href);
