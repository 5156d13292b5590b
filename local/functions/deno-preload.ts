/**
 * Runs under Deno, not Node: preloaded (`deno run --preload`) before a function's index.ts, which stays
 * the main module as on Supabase (so `import.meta.main` is true there too).
 *
 * Supabase functions call `Deno.serve(handler)`. Here that call serves the handler on a loopback port the
 * OS picks, and once the module has finished evaluating, a marker line on stdout tells the Node parent
 * which port. A module that throws at import exits before the marker (Deno's uncaught-error exit); one
 * that never calls Deno.serve exits with NO_SERVE_EXIT_CODE. Both make the parent answer 503.
 *
 * Node's type check also covers local/, so Deno's globals are reached through a minimal typed view
 * instead of `lib.deno` (which Node's tsc does not have).
 */

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  hostname?: string;
  port?: number;
  path?: string;
  signal?: AbortSignal;
  onListen?: (addr: { hostname: string; port: number }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
}
interface DenoRuntime {
  serve(options: ServeOptions | Handler, handler?: Handler): unknown;
  stdin: { readable: ReadableStream<Uint8Array> };
  stdout: { writeSync(data: Uint8Array): number };
  exit(code?: number): never;
}

const Deno = (globalThis as unknown as { Deno: DenoRuntime }).Deno;

/** Must match READY_MARKER and NO_SERVE_EXIT_CODE in deno-worker.ts. */
const READY_MARKER = '@@supabase-local-functions-ready ';
const NO_SERVE_EXIT_CODE = 70;

const realServe = Deno.serve.bind(Deno);
let served = false;
let port: number | undefined;
let loaded = false;

function announceWhenReady(): void {
  if (!loaded || port === undefined) return;
  Deno.stdout.writeSync(new TextEncoder().encode(`\n${READY_MARKER}${JSON.stringify({ port })}\n`));
}

/** What the edge runtime answers when a handler throws instead of returning a Response. */
function workerError(): Response {
  return Response.json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    { status: 500 },
  );
}

Deno.serve = (a: ServeOptions | Handler, b?: Handler): unknown => {
  const options: ServeOptions = typeof a === 'function' ? {} : a;
  const handler = typeof a === 'function' ? a : (b ?? a.handler);
  if (!handler) throw new TypeError('Deno.serve: a handler is required');
  const first = !served;
  if (!first) console.error('Deno.serve was called more than once; requests reach the first handler only');
  served = true;
  // The function's hostname, port or socket path are the platform's business, not the function's.
  return realServe({
    signal: options.signal,
    hostname: '127.0.0.1',
    port: 0,
    onListen: (addr) => {
      if (!first) return;
      port = addr.port;
      announceWhenReady();
    },
    onError: async (error) => {
      console.error('Uncaught error in the request handler:', error);
      if (options.onError) {
        try {
          return await options.onError(error);
        } catch {
          // The function's own error handler failed too: fall back to the runtime's answer.
        }
      }
      return workerError();
    },
    handler,
  });
};

/**
 * `load` fires once the main module (with its top-level awaits) has evaluated, and also when it threw:
 * Deno reports that failure (and exits 1) a moment later. So a module that has not called Deno.serve by
 * then gets a grace period to fail loudly before it is declared one that never serves.
 */
const NO_SERVE_GRACE_MS = 250;

(globalThis as unknown as EventTarget).addEventListener('load', () => {
  if (!served) {
    setTimeout(() => {
      console.error('Worker boot error: the function did not call Deno.serve(handler)');
      Deno.exit(NO_SERVE_EXIT_CODE);
    }, NO_SERVE_GRACE_MS);
    return;
  }
  loaded = true;
  announceWhenReady();
  // The parent holds our stdin open; when it goes away (even by SIGKILL) stdin ends and so do we, so
  // no function process outlives the stack. Started only now: a pending read during preload would
  // hold back the main module.
  void (async () => {
    try {
      const reader = Deno.stdin.readable.getReader();
      while (!(await reader.read()).done) {
        // Nothing is sent on stdin; only its end matters.
      }
    } finally {
      Deno.exit(0);
    }
  })();
});
