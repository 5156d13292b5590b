import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What `npm start` says about the requests it serves. By default only what needs a look: a 5xx (the
 * stack's own failure) and a request slower than `slowRequestMs`; an ordinary request, the SPA's
 * polling and the mail viewer's each-few-seconds refresh included, says nothing (issue 32: 2,775 lines in
 * 25 minutes drowned the warnings). LOG_REQUESTS=1 logs every request, as before.
 */
export interface RequestLogSettings {
  logRequests: boolean;
  slowRequestMs: number;
}

/** Read at each request, so a test (or a debugger) can change the settings of a running stack. */
export function logRequest(settings: RequestLogSettings, log: (line: string) => void, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  res.once('finish', () => {
    const elapsed = performance.now() - started;
    const slow = elapsed >= settings.slowRequestMs;
    if (!settings.logRequests && !slow && res.statusCode < 500) return;
    const path = (req.url ?? '/').split('?')[0];
    const note = slow ? ` (slow: over ${settings.slowRequestMs} ms, SLOW_REQUEST_MS)` : '';
    log(`${req.method} ${path} ${res.statusCode} ${elapsed.toFixed(1)}ms${note}`);
  });
}
