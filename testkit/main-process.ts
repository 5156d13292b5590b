import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect } from 'vitest';
import { repoRoot } from '../local/config.ts';

/** `npm start` run as a child process, its output collected. */
export interface MainProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the output matches, rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<void>;
}

const running = new Set<ChildProcess>();

/** For afterAll: a test that times out must not leave a stack running (and holding its port and data directory). */
export function killRunningMains(): void {
  running.forEach((c) => c.kill('SIGKILL'));
}

/**
 * Starts the stack as `npm start` does (the launcher bundles local/ and runs the bundle with plain Node),
 * or, given `wrap`, under a command that runs it (e.g. inside a private mount namespace): the command and
 * arguments the wrapper should run are appended to it.
 */
export function startMain(env: Record<string, string>, opts: { wrap?: string[] } = {}): MainProcess {
  const node = [process.execPath, 'scripts/start.mjs'];
  const [command, ...args] = opts.wrap ? [...opts.wrap, ...node] : node;
  const child = spawn(command!, args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_REQUESTS: 'false', SKIP_WEB_BUILD: 'true', ...env },
  });
  running.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onOutput = (c: Buffer) => {
    output += c;
    listeners.forEach((l) => l());
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      running.delete(child);
      listeners.forEach((l) => l());
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) {
            listeners.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            listeners.delete(check);
            reject(new Error(`the stack exited before printing ${pattern}:\n${output}`));
          }
        };
        listeners.add(check);
        check();
      }),
  };
}

/**
 * Runs the stack to its exit. A stack that starts instead (the failure these tests guard against) is
 * stopped once it says it is ready, and reported with code null, so the test fails quickly, not at a timeout.
 */
export async function runMain(env: Record<string, string>, opts: { wrap?: string[] } = {}): Promise<{ code: number | null; output: string }> {
  const p = startMain(env, opts);
  p.waitFor(/Marketplace ready/).then(
    () => p.child.kill('SIGKILL'),
    () => undefined,
  );
  const code = await p.exited;
  return { code: p.output().includes('Marketplace ready') ? null : code, output: p.output() };
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A message in a stack's output without a JavaScript stack trace under it. */
export function expectNoStackTrace(output: string): void {
  expect(output).not.toMatch(/^\s+at .+[:(]\d+/m);
}
