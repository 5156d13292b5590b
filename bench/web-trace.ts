/**
 * `npx tsx bench/web-trace.ts [path] [--first] [--runs N]`: where a signed-in page's main-thread time goes
 * (decision 0037). Builds the SPA and starts the stack as bench:web does, signs the demo creator in, then
 * loads the page (default /campaigns) N times (default 3) in Chromium with the CPU slowed 4x (as Lighthouse's
 * mobile profile simulates it) and a cold HTTP cache: as a returning visit (the snapshot of the visit before
 * kept), or with `--first` as a first visit (the snapshot forgotten each time). For each load it records a
 * CPU profile from navigation until the network and the main thread are quiet and prints:
 * - the long tasks (over 50 ms) the page observed, with their start;
 * - the functions with the most self time, by script and position (minified names: look them up in the
 *   chunk), and the same summed per script.
 * Not a benchmark (nothing is checked); a profiler for finding what a long task is made of.
 */
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { startBuiltApp } from '../testkit/built-app.ts';
import { ensureChromium } from '../scripts/ensure-chromium.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const args = process.argv.slice(2);
const first = args.includes('--first');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 1) : 3;
const target = args.find((a, i) => a.startsWith('/') && args[i - 1] !== '--runs') ?? '/campaigns';

const script = (url: string) => (url ? (/^https?:/.test(url) ? new URL(url).pathname : url) : '(native)');

/** Self time per function (ms, as sampled), from a CPU profile. */
function selfTimes(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${script(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  return self;
}

async function profileLoad(page: Page, url: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // In the page (a string: this file is type-checked without the DOM's types).
  await page.addInitScript({
    content: `window.__longTasks=[];new PerformanceObserver(function(l){l.getEntries().forEach(function(e){window.__longTasks.push({start:Math.round(e.startTime),duration:Math.round(e.duration)})})}).observe({type:'longtask',buffered:true});`,
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  // Idle-time work (the badge, the snapshot) runs after the network is quiet: give it its moment.
  await page.waitForTimeout(3000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const longTasks = (await page.evaluate('window.__longTasks')) as { start: number; duration: number }[];
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();

  console.log(`\n${url} (${first ? 'first visit' : 'returning'}; CPU 4x; load average ${os.loadavg()[0]!.toFixed(2)})`);
  console.log(`  long tasks: ${longTasks.map((t) => `${t.duration} ms at ${t.start}`).join(', ') || 'none'}; blocking ${longTasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0)} ms`);
  const self = selfTimes(profile);
  const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('  most self time:');
  for (const [key, ms] of top) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  const perScript = new Map<string, number>();
  for (const [key, ms] of self) {
    const s = key.split(' ').slice(1).join(' ').replace(/:\d+:\d+$/, '');
    perScript.set(s, (perScript.get(s) ?? 0) + ms);
  }
  console.log(`  per script: ${[...perScript].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([s, ms]) => `${s} ${ms.toFixed(0)} ms`).join(', ')}`);
}

async function main(): Promise<void> {
  const app = await startBuiltApp({ label: 'bench-web-trace' });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${app.url}/auth`);
    await page.getByLabel('Correo electrónico').first().fill('creator@demo.test');
    await page.getByLabel('Contraseña', { exact: true }).first().fill('password123');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 30_000 });
    // A visit that keeps the screen's snapshot, for the returning loads.
    await page.goto(`${app.url}${target}`);
    if (!first) await page.waitForFunction(() => localStorage.getItem('screen-snapshot') !== null, null, { timeout: 30_000 }).catch(() => console.log('warning: no snapshot kept'));
    for (let i = 0; i < runs; i++) {
      if (first) await page.evaluate(() => localStorage.removeItem('screen-snapshot'));
      const fresh = await context.newPage();
      await profileLoad(fresh, `${app.url}${target}`);
      await fresh.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
