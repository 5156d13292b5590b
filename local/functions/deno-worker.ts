import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../config.ts';

/** Must match the constants in deno-preload.ts. */
const READY_MARKER = '@@supabase-local-functions-ready ';
const NO_SERVE_EXIT_CODE = 70;

// From the repository root, not import.meta.url: `npm start` runs local/ as a bundle elsewhere.
const PRELOAD = path.join(repoRoot, 'local/functions/deno-preload.ts');

/** The function could not start: its module failed to import, never served, or Deno is missing. */
export class BootError extends Error {}

export interface DenoWorkerOptions {
  name: string;
  denoBinary: string;
  entrypoint: string;
  /** Arguments between `deno run` and the entrypoint (permissions, config). */
  denoArgs: string[];
  cwd: string;
  env: Record<string, string>;
  log: (line: string) => void;
  /** How long boot may take (module graph load, first compile). */
  bootTimeoutMs: number;
}

/**
 * One function's Deno process: spawned once, then kept warm and reused for every request. `ready`
 * settles with the loopback port it serves on, or rejects with BootError; `exited` says it is gone.
 */
export class DenoWorker {
  readonly ready: Promise<number>;
  readonly agent = new http.Agent({ keepAlive: true });
  exited = false;
  private readonly child: ChildProcess;
  /** Settles when the process is gone, however it ended. */
  readonly exitPromise: Promise<void>;

  constructor(private readonly options: DenoWorkerOptions) {
    const { name, log } = options;
    const started = performance.now();
    const args = ['run', ...options.denoArgs, `--preload=${PRELOAD}`, pathToFileURL(options.entrypoint).href];
    this.child = spawn(options.denoBinary, args, {
      cwd: options.cwd,
      env: options.env,
      // stdin stays open and unused: the preload exits when it closes, so no orphan outlives us.
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.exitPromise = new Promise((resolve) => {
      this.child.once('close', () => resolve());
      this.child.once('error', () => resolve());
    });

    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`${name}: not ready after ${options.bootTimeoutMs} ms`));
        this.child.kill('SIGKILL');
      }, options.bootTimeoutMs);
      timer.unref();
      forwardLines(this.child.stdout!, (line) => {
        if (line.startsWith(READY_MARKER)) {
          clearTimeout(timer);
          const { port } = JSON.parse(line.slice(READY_MARKER.length)) as { port: number };
          log(`functions: ${name} ready on port ${port} in ${Math.round(performance.now() - started)} ms`);
          resolve(port);
        } else if (line !== '') {
          log(`[${name}] ${line}`);
        }
      });
      forwardLines(this.child.stderr!, (line) => line !== '' && log(`[${name}] ${line}`));
      this.child.once('error', (e) => {
        clearTimeout(timer);
        this.exited = true;
        reject(new BootError(`${name}: cannot start Deno (${options.denoBinary}): ${e.message}`));
      });
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.exited = true;
        this.agent.destroy();
        const how = signal ? `signal ${signal}` : `code ${code}`;
        log(`functions: ${name} exited with ${how}`);
        reject(new BootError(code === NO_SERVE_EXIT_CODE ? `${name}: did not call Deno.serve` : `${name}: exited during boot (${how})`));
      });
    });
    // A rejected boot is reported through whoever awaits `ready`; never as an unhandled rejection.
    this.ready.catch(() => undefined);
    // Writes to a stdin whose reader is gone must not throw in Node.
    this.child.stdin!.on('error', () => undefined);
  }

  /** Ends the process (SIGTERM, then SIGKILL after a grace period) and waits until it is gone. */
  async stop(graceMs = 2000): Promise<void> {
    if (this.exited || this.child.exitCode !== null || this.child.signalCode !== null) {
      await this.exitPromise;
      return;
    }
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exitPromise;
    clearTimeout(timer);
  }
}

function forwardLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) !== -1) {
      onLine(buffered.slice(0, nl).replace(/\r$/, ''));
      buffered = buffered.slice(nl + 1);
    }
  });
  stream.on('end', () => {
    if (buffered) onLine(buffered);
    buffered = '';
  });
}
