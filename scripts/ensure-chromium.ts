import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Well-known places a system Chromium lives on Debian/Ubuntu. */
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Chromium builds Playwright may have downloaded (`npx playwright install chromium`). */
function playwrightBrowsers(): string[] {
  const roots = [
    process.env.PLAYWRIGHT_BROWSERS_PATH,
    path.join(os.homedir(), '.cache', 'ms-playwright'),
  ].filter((r): r is string => !!r && r !== '0' && existsSync(r));
  const found: string[] = [];
  for (const root of roots) {
    // Newest first: directory names end in a build number.
    const dirs = readdirSync(root)
      .filter((d) => /^chromium(_headless_shell)?-\d+$/.test(d))
      .sort((a, b) => Number(b.split('-').pop()) - Number(a.split('-').pop()));
    for (const dir of dirs) {
      for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-linux/headless_shell', 'chrome-headless-shell-linux64/chrome-headless-shell']) {
        const candidate = path.join(root, dir, rel);
        if (existsSync(candidate)) found.push(candidate);
      }
    }
  }
  return found;
}

function firstExisting(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return [...SYSTEM_PATHS, ...playwrightBrowsers()].find((p) => existsSync(p));
}

function isRootOnDebian(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

/**
 * Returns the path of a Chromium to drive with Playwright: CHROMIUM_PATH, a system Chromium, or one of
 * Playwright's own downloads. As root on Debian with none found, installs the distribution's package
 * (saying so), because Playwright's downloads need network access to its CDN that CI may not have.
 * Otherwise throws with instructions.
 */
export function ensureChromium(log: (line: string) => void = console.log): string {
  const existing = firstExisting();
  if (existing) return existing;
  if (isRootOnDebian()) {
    log('No Chromium found; installing Debian package: apt-get update && apt-get install -y --no-install-recommends chromium');
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with code ${r.status}`);
    }
    const installed = firstExisting();
    if (installed) return installed;
  }
  throw new Error(
    [
      'No Chromium found for the end-to-end tests. Do one of:',
      '  - install it: sudo apt-get install chromium   (Debian/Ubuntu)',
      '  - or let Playwright download one: npx playwright install chromium',
      '  - or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    ].join('\n'),
  );
}

// Run directly: print the path (exit 1 with the instructions when none can be had).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const found = ensureChromium();
    const version = execFileSync(found, ['--version'], { encoding: 'utf8' }).trim();
    console.log(`${found} (${version})`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
