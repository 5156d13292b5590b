import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { HttpService, StackContext } from '../context.ts';
import { sendJson, sendRaw, tooLarge } from '../http/io.ts';
import { resolveDenoBinary } from './deno-binary.ts';
import { FUNCTION_NAME, functionSettings, loadFunctionsConfig } from './functions-config.ts';
import { proxyRequest } from './proxy-request.ts';
import { verifyJwtRejection } from './verify-jwt.ts';
import { WorkerPool, type LocalFunction } from './worker-pool.ts';

/** The edge runtime's error bodies (Supabase CLI, functions serve main service). */
const BOOT_ERROR = { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' };
const WORKER_ERROR = { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' };
/** Hosted Supabase's answer when a function starts no response within the request idle timeout: 504. */
const REQUEST_TIMEOUT = { code: 'REQUEST_TIMEOUT', message: 'The function did not respond in time (request idle timeout)' };
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** How long a failed request waits for its process to be reported gone. */
const EXIT_WAIT_MS = 1000;

/**
 * `/functions/v1/{name}/...` (and `/api/...`, which app.ts hands over as the `api` function's path):
 * runs `supabase/functions/{name}/index.ts` under Deno as `supabase functions serve` does. The function
 * sees the path `/{name}/...`; `verify_jwt` comes from supabase/config.toml, read once here.
 */
export function createFunctionsService(ctx: StackContext): HttpService {
  const { supabaseDir, jwtSecret } = ctx.config;
  const config = loadFunctionsConfig(supabaseDir);
  let denoBinary: string | undefined;
  const pool = new WorkerPool(ctx, () => (denoBinary ??= resolveDenoBinary()));

  /** The function a name refers to, when it exists on disk and is not disabled. */
  async function findFunction(name: string): Promise<(LocalFunction & { verifyJwt: boolean }) | undefined> {
    if (!FUNCTION_NAME.test(name)) return undefined;
    const settings = functionSettings(config, name);
    if (!settings.enabled) return undefined;
    // Looked up per request, so a function added while the stack runs is served without a restart.
    const entrypoint = settings.entrypoint ?? path.join(supabaseDir, 'functions', name, 'index.ts');
    const file = await stat(entrypoint).catch(() => undefined);
    if (!file?.isFile()) return undefined;
    return { name, entrypoint, importMap: settings.importMap, verifyJwt: settings.verifyJwt };
  }

  return {
    async handle(req, res, subpath, url) {
      const name = subpath.split('/')[1] ?? '';
      const fn = await findFunction(name);
      if (!fn) return sendRaw(res, 404, 'Function not found', { 'Content-Type': 'text/plain' });

      // Refused before a worker is involved: the body is never read (the function checks again itself).
      if (Number(req.headers['content-length'] ?? 0) > ctx.config.maxBodyBytes) throw tooLarge();

      if (req.method !== 'OPTIONS' && fn.verifyJwt) {
        const rejection = verifyJwtRejection(req, jwtSecret);
        if (rejection) return sendJson(res, 401, rejection, { 'sb-error-code': rejection.code });
      }

      // A refused connection means the process is gone (crashed between requests): once it has
      // exited, the request, still unsent, goes to a fresh process. A request already sent is replayed
      // only when it is idempotent and went out on a kept-alive connection the process may have
      // dropped (RFC 9110 section 9.2.2), and only once.
      for (let attempt = 1; ; attempt++) {
        let target;
        let exited: Promise<void>;
        try {
          const { worker, port } = await pool.acquire(fn);
          target = {
            port,
            agent: worker.agent,
            path: subpath + url.search,
            maxBodyBytes: ctx.config.maxBodyBytes,
            deadlineMs: ctx.config.functionsRequestTimeoutMs,
          };
          exited = worker.exitPromise;
        } catch (e) {
          ctx.log(`functions: ${(e as Error).message}`);
          return sendJson(res, 503, BOOT_ERROR);
        }
        const failure = await proxyRequest(req, res, target);
        if (failure?.kind === 'too-large') throw tooLarge();
        if (failure?.kind === 'deadline') {
          ctx.log(`functions: ${name}: no response within ${ctx.config.functionsRequestTimeoutMs} ms: 504`);
          return sendJson(res, 504, REQUEST_TIMEOUT);
        }
        if (failure?.kind !== 'upstream') return;
        ctx.log(`functions: ${name}: no response from the worker: ${failure.error.message}`);
        // Let the pool see the exit before anyone asks it for this function again.
        await Promise.race([exited, delay(EXIT_WAIT_MS)]);
        const replayable = !failure.delivered || (failure.reusedSocket && IDEMPOTENT.has(req.method ?? ''));
        if (!replayable || attempt > 1) return sendJson(res, 500, WORKER_ERROR);
      }
    },
    close: () => pool.closeAll(),
  };
}
