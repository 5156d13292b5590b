import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackContext } from '../context.ts';
import { DenoWorker } from './deno-worker.ts';
import { functionEnv } from './function-env.ts';

/** A function found on disk, with what it takes to run it. */
export interface LocalFunction {
  name: string;
  entrypoint: string;
  importMap: string | undefined;
}

/** Supabase's per-worker memory limit, applied to the V8 heap of each function's process. */
const MEMORY_LIMIT_MB = 256;

/**
 * One warm Deno process per function, started by the first request that needs it. A process that
 * dies (or never booted) is forgotten, so the next request starts a fresh one.
 */
export class WorkerPool {
  private readonly workers = new Map<string, DenoWorker>();
  private closed = false;

  constructor(
    private readonly ctx: StackContext,
    private readonly denoBinary: () => string,
    private readonly bootTimeoutMs = 60_000,
  ) {}

  /** The function's running worker and its port, starting it when needed; rejects with BootError. */
  async acquire(fn: LocalFunction): Promise<{ worker: DenoWorker; port: number }> {
    if (this.closed) throw new Error('functions service is closed');
    let worker = this.workers.get(fn.name);
    if (!worker || worker.exited) {
      worker = this.spawn(fn);
      const spawned = worker;
      this.workers.set(fn.name, spawned);
      const forget = () => {
        if (this.workers.get(fn.name) === spawned) this.workers.delete(fn.name);
      };
      spawned.ready.catch(forget);
      void spawned.exitPromise.then(forget);
    }
    return { worker, port: await worker.ready };
  }

  /** Stops every function process and waits until they are gone. */
  async closeAll(): Promise<void> {
    this.closed = true;
    const all = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(all.map((w) => w.stop()));
  }

  private spawn(fn: LocalFunction): DenoWorker {
    const { config } = this.ctx;
    const functionsDir = path.join(config.supabaseDir, 'functions');
    const readable = [config.supabaseDir, os.tmpdir()];
    if (!fn.entrypoint.startsWith(config.supabaseDir + path.sep)) readable.push(path.dirname(fn.entrypoint));
    const denoConfig = firstExisting([
      path.join(path.dirname(fn.entrypoint), 'deno.json'),
      path.join(path.dirname(fn.entrypoint), 'deno.jsonc'),
      path.join(functionsDir, 'deno.json'),
      path.join(functionsDir, 'deno.jsonc'),
    ]);
    const denoArgs = [
      '--no-prompt',
      // What hosted functions may do: network, their env, read their own files, scratch space in tmp.
      '--allow-net',
      '--allow-env',
      `--allow-read=${readable.join(',')}`,
      `--allow-write=${os.tmpdir()}`,
      `--v8-flags=--max-old-space-size=${MEMORY_LIMIT_MB}`,
      ...(denoConfig ? [`--config=${denoConfig}`] : ['--no-config']),
      ...(fn.importMap ? [`--import-map=${fn.importMap}`] : []),
    ];
    return new DenoWorker({
      name: fn.name,
      denoBinary: this.denoBinary(),
      entrypoint: fn.entrypoint,
      denoArgs,
      // The CLI runs functions from the project root (the folder that holds supabase/).
      cwd: path.dirname(config.supabaseDir),
      // Read now, not at service creation: the public URL is known only once the server listens.
      env: functionEnv(config, process.env, this.ctx.log),
      log: this.ctx.log,
      bootTimeoutMs: this.bootTimeoutMs,
    });
  }
}

function firstExisting(files: string[]): string | undefined {
  return files.find((file) => existsSync(file));
}
