// Our npm registry mirror serves only the Linux builds of packages that ship native binaries as optional
// dependencies (tailwind's oxide, deno, the supabase CLI). npm then leaves the other platforms' entries out
// of package-lock.json, and `npm ci` refuses the lockfile as out of sync. This adds those entries as
// optional, platform-restricted packages, which npm skips on Linux exactly as it would with full metadata.
// Run it after `npm install` changes the lockfile: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const platforms = [
  [/android/, 'android'], [/darwin/, 'darwin'], [/freebsd/, 'freebsd'], [/win32|windows/, 'win32'],
  [/wasm32|wasi/, null], [/linux/, 'linux'],
];
const cpus = [[/arm64/, 'arm64'], [/x64/, 'x64'], [/arm-|gnueabihf/, 'arm'], [/wasm32/, 'wasm32']];

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[`node_modules/${name}`] || packages[base]) continue;
    const os = platforms.find(([re]) => re.test(name))?.[1];
    const cpu = cpus.find(([re]) => re.test(name))?.[1];
    const stub = { version: String(version).replace(/^[\^~]/, ''), optional: true };
    if (entry.dev) stub.dev = true;
    if (os) stub.os = [os];
    if (cpu) stub.cpu = [cpu];
    // wasm32 builds run anywhere Node does; mark them for an impossible CPU so npm never fetches them here.
    if (!os && !cpu) stub.cpu = ['wasm32'];
    packages[`node_modules/${name}`] = stub;
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: added ${added} platform-specific optional entries`);
