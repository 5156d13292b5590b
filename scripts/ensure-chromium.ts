import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which build: the full browser, or the headless shell (Chromium's old headless mode as a binary of its own,
 * Debian's `chromium-headless-shell`, the build Playwright itself runs headless tests in). The shell drew the
 * same sign-in and analytics walk with about half the CPU of the full browser in new-headless mode (decision
 * 0058), so the e2e suite uses it; the benches keep the full browser a visitor has.
 */
export type ChromiumKind = 'browser' | 'headless-shell';

/** Well-known places a system Chromium lives on Debian/Ubuntu, and the Debian package that puts it there. */
const SYSTEM: Record<ChromiumKind, { paths: string[]; debianPackage: string }> = {
  browser: { paths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'], debianPackage: 'chromium' },
  'headless-shell': { paths: ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'], debianPackage: 'chromium-headless-shell' },
};

/** Chromium builds Playwright may have downloaded (`npx playwright install chromium`). */
function playwrightBrowsers(kind: ChromiumKind): string[] {
  const roots = [
    process.env.PLAYWRIGHT_BROWSERS_PATH,
    path.join(os.homedir(), '.cache', 'ms-playwright'),
  ].filter((r): r is string => !!r && r !== '0' && existsSync(r));
  const found: string[] = [];
  for (const root of roots) {
    // Newest first: directory names end in a build number.
    const dirs = readdirSync(root)
      .filter((d) => (kind === 'headless-shell' ? /^chromium_headless_shell-\d+$/ : /^chromium-\d+$/).test(d))
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

function firstExisting(kind: ChromiumKind): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return [...SYSTEM[kind].paths, ...playwrightBrowsers(kind)].find((p) => existsSync(p));
}

function isRootOnDebian(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

/**
 * Returns the path of a Chromium to drive with Playwright: CHROMIUM_PATH, a system Chromium of the kind asked
 * for, or one of Playwright's own downloads. As root on Debian with none found, installs the distribution's
 * package (saying so), because Playwright's downloads need network access to its CDN that CI may not have.
 * Where the headless shell cannot be had, the full browser does the same work, slower. Otherwise throws with
 * instructions.
 */
export function ensureChromium(log: (line: string) => void = console.log, kind: ChromiumKind = 'browser'): string {
  const existing = firstExisting(kind);
  if (existing) return existing;
  if (isRootOnDebian()) {
    const pkg = SYSTEM[kind].debianPackage;
    log(`No ${pkg} found; installing Debian package: apt-get update && apt-get install -y --no-install-recommends ${pkg}`);
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (r.status === 0) continue;
      if (kind === 'browser') throw new Error(`apt-get ${args.join(' ')} failed with code ${r.status}`);
      log(`apt-get ${args.join(' ')} failed with code ${r.status}; the full browser will do`);
      break;
    }
    const installed = firstExisting(kind);
    if (installed) return installed;
  }
  if (kind === 'headless-shell') return ensureChromium(log, 'browser');
  throw new Error(
    [
      'No Chromium found for the end-to-end tests. Do one of:',
      '  - install it: sudo apt-get install chromium-headless-shell chromium   (Debian/Ubuntu)',
      '  - or let Playwright download one: npx playwright install chromium',
      '  - or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    ].join('\n'),
  );
}

// Run directly: print the path (exit 1 with the instructions when none can be had).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const found = ensureChromium(console.log, process.argv[2] === '--headless-shell' ? 'headless-shell' : 'browser');
    const version = execFileSync(found, ['--version'], { encoding: 'utf8' }).trim();
    console.log(`${found} (${version})`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
