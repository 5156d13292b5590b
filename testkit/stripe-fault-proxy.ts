import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the proxy does with one request to Stripe:
 * - `pass`: forwards it to the target (the stack's Stripe double) and its answer back;
 * - `refuse`: closes the connection at once, before any answer (as a host that refuses, seen from the SDK);
 * - `error500`: answers 500 with a Stripe-shaped api_error, never reaching the double;
 * - `drop`: reads the request, then cuts the connection without an answer;
 * - `hang`: accepts the request and never answers (the fault of issue 31 item 3);
 * - `swallow`: forwards it (the double acts on it) but never answers: Stripe did the work, its answer was
 *   lost, the case idempotency keys exist for.
 */
export type Fault = 'pass' | 'refuse' | 'error500' | 'drop' | 'hang' | 'swallow';

/** One request as the proxy saw it, and what it did with it. */
export interface SeenRequest {
  method: string;
  path: string;
  fault: Fault;
}

export interface StripeFaultProxy {
  port: number;
  /** Where `pass` forwards to (`http://127.0.0.1:PORT`); set once the stack listens. */
  target: string | undefined;
  /** Decides each request's fault; `n` counts requests from 0 since the rule was set. Default: all pass. */
  rule(decide: (req: { method: string; path: string }, n: number) => Fault): void;
  /** Every request since the proxy started (or since clear()). */
  seen: SeenRequest[];
  clear(): void;
  close(): Promise<void>;
}

/**
 * A small HTTP server in front of the Stripe double for fault tests: point the functions'
 * STRIPE_API_HOST/PORT/PROTOCOL at it and choose per test what Stripe seems to do.
 */
export async function startStripeFaultProxy(): Promise<StripeFaultProxy> {
  let decide: (req: { method: string; path: string }, n: number) => Fault = () => 'pass';
  let count = 0;
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const proxy: StripeFaultProxy = {
    port: 0,
    target: undefined,
    rule(d) {
      decide = d;
      count = 0;
    },
    seen,
    clear() {
      seen.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const fault = decide({ method, path }, count++);
    seen.push({ method, path, fault });
    if (fault === 'refuse') return req.socket.destroy();
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      if (fault === 'hang') return;
      if (fault === 'drop') return req.socket.destroy();
      if (fault === 'error500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Injected by the fault proxy' } }));
      }
      if (!proxy.target) {
        res.writeHead(502, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'The fault proxy has no target yet' } }));
      }
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      const upstream = http.request(new URL(path, proxy.target), { method, headers }, (answer) => {
        if (fault === 'swallow') return answer.resume();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(body));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  return proxy;
}
